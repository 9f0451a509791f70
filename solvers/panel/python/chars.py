# Sudoku solver: reads the puzzle one character at a time (a digit, or a letter from A = 10),
# keeps which values each row, column and box already holds, and backtracks on the first empty
# cell. Reads an n x n puzzle (n = 9, 16 or 25) from stdin, 0 = blank, and prints the solution
# or "No Solution".
import sys

DIGITS = "0123456789ABCDEFGHIJKLMNOP"


def read_cells():
    cells = []
    for ch in sys.stdin.read():
        if ch.isspace():
            continue
        cells.append(DIGITS.index(ch.upper()))
    return cells


def main():
    sys.setrecursionlimit(10000)
    cells = read_cells()
    n = 1
    while n * n < len(cells):
        n += 1
    box = 1
    while box * box < n:
        box += 1
    rows = [[False] * (n + 1) for _ in range(n)]
    cols = [[False] * (n + 1) for _ in range(n)]
    boxes = [[False] * (n + 1) for _ in range(n)]

    def box_of(i):
        return (i // n // box) * box + (i % n) // box

    for i, v in enumerate(cells):
        if v:
            r, c, b = i // n, i % n, box_of(i)
            if rows[r][v] or cols[c][v] or boxes[b][v]:
                print("No Solution")
                return
            rows[r][v] = cols[c][v] = boxes[b][v] = True

    def solve(start):
        i = start
        while i < n * n and cells[i]:
            i += 1
        if i == n * n:
            return True
        r, c, b = i // n, i % n, box_of(i)
        for v in range(1, n + 1):
            if not rows[r][v] and not cols[c][v] and not boxes[b][v]:
                cells[i] = v
                rows[r][v] = cols[c][v] = boxes[b][v] = True
                if solve(i + 1):
                    return True
                rows[r][v] = cols[c][v] = boxes[b][v] = False
                cells[i] = 0
        return False

    if solve(0):
        for r in range(n):
            print(" ".join(DIGITS[v] for v in cells[r * n : r * n + n]))
    else:
        print("No Solution")


main()
