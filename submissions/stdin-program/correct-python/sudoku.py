# COMS1017A Project 1 - Sudoku (Python version)
#
# Depth first search (recursive) with constraint propagation so that it is
# fast enough for 25x25:
#  - every cell keeps a bitmask of the values it can still take (bit v-1 = value v)
#  - placing a value removes it from the row, column and block ("peers");
#    a cell left with one option is filled straight away (naked single)
#  - a value that fits in only one cell of a row/column/block goes there (hidden single)
#  - we always branch on the empty cell with the fewest options
import sys

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def to_value(token):
    if token.isdigit():
        return int(token)
    return LETTERS.index(token.upper()) + 10


def to_text(value):
    if value >= 10:
        return LETTERS[value - 10]
    return str(value)


class Sudoku:
    def __init__(self, size):
        self.size = size
        box = int(round(size ** 0.5))
        self.all_values = (1 << size) - 1
        self.units = []
        for r in range(size):
            self.units.append([r * size + c for c in range(size)])
        for c in range(size):
            self.units.append([r * size + c for r in range(size)])
        for br in range(0, size, box):
            for bc in range(0, size, box):
                self.units.append([(br + i) * size + bc + j
                                   for i in range(box) for j in range(box)])
        self.peers = [set() for _ in range(size * size)]
        for unit in self.units:
            for cell in unit:
                self.peers[cell].update(unit)
        for cell in range(size * size):
            self.peers[cell].discard(cell)
            self.peers[cell] = list(self.peers[cell])

    def assign(self, options, filled, cell, bit):
        """Put the value `bit` in `cell` and follow the naked singles. False if stuck."""
        todo = [(cell, bit)]
        while todo:
            cell, bit = todo.pop()
            if not options[cell] & bit:
                return False
            if filled[cell]:
                continue
            filled[cell] = True
            options[cell] = bit
            for p in self.peers[cell]:
                m = options[p]
                if m & bit:
                    m &= ~bit
                    if m == 0:
                        return False
                    options[p] = m
                    if m & (m - 1) == 0:
                        todo.append((p, m))
        return True

    def hidden_singles(self, options, filled):
        changed = True
        while changed:
            changed = False
            for unit in self.units:
                once = twice = done = 0
                for cell in unit:
                    m = options[cell]
                    if filled[cell]:
                        done |= m
                    twice |= once & m
                    once |= m
                if once != self.all_values:
                    return False          # some value has nowhere to go
                singles = once & ~twice & ~done
                if not singles:
                    continue
                for cell in unit:
                    bit = options[cell] & singles
                    if bit and not filled[cell]:
                        if bit & (bit - 1):
                            return False  # one cell would need two values
                        if not self.assign(options, filled, cell, bit):
                            return False
                        changed = True
        return True

    def search(self, options, filled):
        if not self.hidden_singles(options, filled):
            return None
        best = -1
        best_count = self.size + 1
        for cell in range(self.size * self.size):
            if not filled[cell]:
                count = bin(options[cell]).count("1")
                if count < best_count:
                    best = cell
                    best_count = count
                    if count == 2:
                        break
        if best == -1:
            return options                # every cell is filled
        m = options[best]
        while m:
            bit = m & -m
            m ^= bit
            new_options = options[:]
            new_filled = filled[:]
            if self.assign(new_options, new_filled, best, bit):
                result = self.search(new_options, new_filled)
                if result is not None:
                    return result
        return None


def main():
    tokens = sys.stdin.read().split()
    size = 9
    if len(tokens) >= 625:
        size = 25
    elif len(tokens) >= 256:
        size = 16
    sudoku = Sudoku(size)
    options = [sudoku.all_values] * (size * size)
    filled = [False] * (size * size)
    ok = True
    for cell in range(size * size):
        v = to_value(tokens[cell])
        if v != 0 and not sudoku.assign(options, filled, cell, 1 << (v - 1)):
            ok = False
            break
    result = sudoku.search(options, filled) if ok else None
    if result is None:
        print("No Solution")
        return
    for r in range(size):
        row = result[r * size:(r + 1) * size]
        print(" ".join(to_text(m.bit_length()) for m in row))


if __name__ == "__main__":
    sys.setrecursionlimit(10000)
    main()
