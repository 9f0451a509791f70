# CSP lab: Sudoku as constraint search
# (written in Python 2, as the lab machines still run it)

import math


class Cell:
	def __init__(self, row, col, value=0, size=9):
		self.row = row
		self.col = col
		self.value = value
		if value:
			self.domain = set([value])
		else:
			self.domain = set(range(1, size + 1))

	def __repr__(self):
		return "Cell(%d, %d, value=%d, domain=%s)" % (self.row, self.col, self.value, sorted(self.domain))


class Board:
	def __init__(self, grid):
		self.size = len(grid)
		self.cells = []
		for row in range(self.size):
			line = []
			for col in range(self.size):
				line.append(Cell(row, col, grid[row][col], self.size))
			self.cells.append(line)

	def peers(self, row, col):
		side = int(math.sqrt(self.size))
		top = row / side * side
		left = col / side * side
		places = set()
		for c in range(self.size):
			places.add((row, c))
		for r in range(self.size):
			places.add((r, col))
		for r in range(top, top + side):
			for c in range(left, left + side):
				places.add((r, c))
		places.discard((row, col))
		return [self.cells[r][c] for (r, c) in sorted(places)]

	def unassigned(self):
		return [cell for line in self.cells for cell in line if cell.value == 0]

	def assign(self, row, col, value):
		cell = self.cells[row][col]
		cell.value = value
		cell.domain = set([value])

	def copy(self):
		other = Board(self.grid())
		for r in range(self.size):
			for c in range(self.size):
				other.cells[r][c].domain = set(self.cells[r][c].domain)
		return other

	def grid(self):
		return [[cell.value for cell in line] for line in self.cells]

	def show(self):
		for line in self.grid():
			print " ".join([str(v) for v in line])

	def forward_check(self, row, col, value, mode="remove"):
		if mode == "count":
			n = 0
			for peer in self.peers(row, col):
				if peer.value == 0 and value in peer.domain:
					n += 1
			return n
		ok = True
		for peer in self.peers(row, col):
			if peer.value == 0:
				peer.domain.discard(value)
				if len(peer.domain) == 0:
					ok = False
		return ok

	def degree(self, row, col):
		n = 0
		for peer in self.peers(row, col):
			if peer.value == 0:
				n += 1
		return n

	def mrv(self):
		best = None
		for cell in self.unassigned():
			if best == None or len(cell.domain) < len(best.domain):
				best = cell
		return best

	def lcv(self, row, col):
		values = range(1, self.size + 1)
		for v in range(1, self.size + 1):
			if v not in self.cells[row][col].domain:
				values.remove(v)
		counts = [self.forward_check(row, col, v, "count") for v in values]
		order = range(len(values))
		order.sort(key=lambda i: counts[i])
		return [values[i] for i in order]


def ac3(board):
	queue = []
	for line in board.cells:
		for cell in line:
			for peer in board.peers(cell.row, cell.col):
				queue.append((cell, peer))
	while len(queue) > 0:
		(xi, xj) = queue.pop()
		removed = False
		for x in list(xi.domain):
			if xj.domain == set([x]):
				xi.domain.remove(x)
				removed = True
		if removed:
			if len(xi.domain) == 0:
				return False
			for xk in board.peers(xi.row, xi.col):
				if xk is not xj:
					queue.append((xk, xi))
	return True


def backtrack(board):
	board = board.copy()
	if not ac3(board):
		return None
	return solve(board)


def solve(board):
	cell = board.mrv()
	if cell == None:
		return board
	for value in board.lcv(cell.row, cell.col):
		child = board.copy()
		child.assign(cell.row, cell.col, value)
		if child.forward_check(cell.row, cell.col, value) and ac3(child):
			result = solve(child)
			if result != None:
				return result
	return None


if __name__ == "__main__":
	puzzle = [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]
	print "solving", puzzle
	solved = backtrack(Board(puzzle))
	if solved == None:
		print "no solution"
	else:
		solved.show()
