// Reference solver for the `stdin-program` assignment (Wits COMS1017A/1021A Project 1):
// the league baseline.
//
// Reads an n x n Sudoku (n = 4, 9, 16, 25 or 36) from stdin as whitespace-separated tokens and
// prints its solution, or `No Solution` when it has none.
//
// Input: n * n tokens, row by row; n is worked out from the count. `0` or `.` is a blank; values
// 1-9 are digits; values above 9 are either letters (A = 10, B = 11, ... as in the course's sample
// files: A..G for 16 x 16, A..P for 25 x 25) or decimal numbers (10, 11, ...). A 36 x 36 grid must
// use decimal numbers, since the letters stop at Z = 35.
//
// Output: n lines, values separated by single spaces. Values above 9 are written the way the
// input wrote them: letters if it had any letter, decimal if it had any number >= 10; with
// neither, letters up to 25 x 25 and decimal for 36 x 36. Bad input: a message on stderr, exit 1.
//
// Method: each cell keeps its candidates as a 64-bit mask (bit v - 1 set when value v is
// possible). Propagation places naked singles (a cell with one candidate left) and hidden singles
// (a value with one place left in a row, column or box), and applies box/line interactions (a
// value that a box can only have in one line, or a line in one box, is removed from the rest of
// that line or box), until nothing changes. The search then
// takes the cell with the fewest candidates and tries its values in turn, each on a copy of the
// candidates; a value that fails is removed from the cell, and propagation runs again before the
// next choice.
//
// Build: g++ -std=c++11 -O2 -Wall -o sudoku sudoku.cpp

#include <cctype>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

namespace {

typedef std::uint64_t Mask;            // bit v - 1 set when value v is still possible
typedef std::vector<Mask> Candidates;  // one mask per cell, cells numbered row-major from 0

const std::string LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";  // A = 10, ..., Z = 35

// GCC/Clang builtins: count the set bits, and find the lowest one.
int popcount(Mask m) { return __builtin_popcountll(m); }
bool isSingle(Mask m) { return (m & (m - 1)) == 0; }  // true for exactly one bit (m != 0)
Mask lowestBit(Mask m) { return m & (~m + 1); }
int valueOf(Mask single) { return __builtin_ctzll(single) + 1; }

// ------------------------------------------------------------------------------- geometry

typedef std::vector<int> Cells;

// Where a line (row or column) crosses a box.
struct Crossing {
    Cells segment;     // the k cells the line and the box share
    Cells lineRest;    // the rest of the line
    Cells boxRest;     // the rest of the box
    Cells lineOthers;  // the other crossings (same orientation) on the line, by number
    Cells boxOthers;   // the other crossings (same orientation) in the box, by number
};

// The crossings of `lines` (all rows, or all columns) with the boxes. Segment j of line i (the
// line's cells j*k .. j*k + k - 1) is crossing number first + i * k + j.
void addCrossings(const std::vector<Cells>& lines, int k, std::vector<Crossing>& out) {
    const int first = static_cast<int>(out.size());
    const int n = static_cast<int>(lines.size());
    for (int i = 0; i < n; ++i) {
        const int top = i - i % k;  // lines top .. top + k - 1 pass through the same boxes
        for (int j = 0; j < k; ++j) {
            Crossing x;
            for (int pos = 0; pos < n; ++pos)
                (pos / k == j ? x.segment : x.lineRest).push_back(lines[i][pos]);
            for (int other = top; other < top + k; ++other) {
                if (other == i) continue;
                for (int pos = j * k; pos < j * k + k; ++pos) x.boxRest.push_back(lines[other][pos]);
                x.boxOthers.push_back(first + other * k + j);
            }
            for (int jj = 0; jj < k; ++jj)
                if (jj != j) x.lineOthers.push_back(first + i * k + jj);
            out.push_back(x);
        }
    }
}

// Index tables for an n x n grid (n = k * k), built once per run.
struct Geometry {
    int n;
    int cells;
    Mask full;                         // all n values possible
    std::vector<Cells> units;          // the 3n rows, columns and boxes
    std::vector<Cells> peers;          // per cell: the other cells sharing a unit with it
    std::vector<Crossing> crossings;   // every place where a row or column crosses a box

    explicit Geometry(int size) : n(size), cells(size * size) {
        full = (Mask(1) << n) - 1;  // n <= 36, so this fits
        int k = 1;
        while (k * k < n) ++k;
        for (int r = 0; r < n; ++r) {  // rows
            Cells unit;
            for (int c = 0; c < n; ++c) unit.push_back(r * n + c);
            units.push_back(unit);
        }
        for (int c = 0; c < n; ++c) {  // columns
            Cells unit;
            for (int r = 0; r < n; ++r) unit.push_back(r * n + c);
            units.push_back(unit);
        }
        for (int top = 0; top < n; top += k) {  // boxes
            for (int left = 0; left < n; left += k) {
                Cells unit;
                for (int i = 0; i < k; ++i)
                    for (int j = 0; j < k; ++j) unit.push_back((top + i) * n + left + j);
                units.push_back(unit);
            }
        }
        // A cell's peers: every other cell of its three units, each listed once.
        peers.assign(cells, Cells());
        std::vector<int> seen(cells, -1);
        for (int cell = 0; cell < cells; ++cell) {
            int r = cell / n, c = cell % n, b = (r / k) * k + c / k;
            const int mine[3] = {r, n + c, 2 * n + b};
            for (int u = 0; u < 3; ++u) {
                const Cells& unit = units[mine[u]];
                for (size_t i = 0; i < unit.size(); ++i) {
                    int peer = unit[i];
                    if (peer != cell && seen[peer] != cell) {
                        seen[peer] = cell;
                        peers[cell].push_back(peer);
                    }
                }
            }
        }
        const std::vector<Cells> rows(units.begin(), units.begin() + n);
        const std::vector<Cells> cols(units.begin() + n, units.begin() + 2 * n);
        addCrossings(rows, k, crossings);
        addCrossings(cols, k, crossings);
    }
};

// ---------------------------------------------------------------------------- propagation

// Removes each queued cell's value from its peers, queueing peers left with one value.
// False on a contradiction (a cell with no candidates left).
bool eliminate(const Geometry& g, Candidates& cand, std::vector<int>& queue) {
    while (!queue.empty()) {
        int cell = queue.back();
        queue.pop_back();
        Mask bit = cand[cell];
        const Cells& peers = g.peers[cell];
        for (size_t i = 0; i < peers.size(); ++i) {
            Mask m = cand[peers[i]];
            if (m & bit) {
                m ^= bit;
                if (m == 0) return false;
                cand[peers[i]] = m;
                if (isSingle(m)) queue.push_back(peers[i]);
            }
        }
    }
    return true;
}

// Places every value that has one possible cell left in some unit, queueing those cells.
// False on a contradiction (a value with no place left in some unit).
bool hiddenSingles(const Geometry& g, Candidates& cand, std::vector<int>& queue) {
    for (size_t u = 0; u < g.units.size(); ++u) {
        const Cells& unit = g.units[u];
        Mask once = 0, twice = 0, fixed = 0;
        for (size_t i = 0; i < unit.size(); ++i) {
            Mask m = cand[unit[i]];
            twice |= once & m;
            once |= m;
            if (isSingle(m)) fixed |= m;
        }
        if (once != g.full) return false;
        Mask hidden = once & ~twice & ~fixed;
        while (hidden) {
            Mask bit = lowestBit(hidden);
            hidden ^= bit;
            size_t i = 0;
            while (i < unit.size() && !(cand[unit[i]] & bit)) ++i;
            if (i == unit.size()) return false;  // its last place just got another value
            cand[unit[i]] = bit;
            queue.push_back(unit[i]);
        }
    }
    return true;
}

// Removes the values in `drop` from `cells`, queueing cells left with one value and setting
// `changed` if any cell changed. False on a contradiction (a cell with no candidates left).
bool removeValues(Candidates& cand, std::vector<int>& queue, const Cells& cells, Mask drop,
                  bool& changed) {
    for (size_t i = 0; i < cells.size(); ++i) {
        Mask m = cand[cells[i]];
        if (!(m & drop)) continue;
        m &= ~drop;
        if (m == 0) return false;
        cand[cells[i]] = m;
        changed = true;
        if (isSingle(m)) queue.push_back(cells[i]);
    }
    return true;
}

// Box/line interactions (locked candidates). Where a line crosses a box: a value the box can
// only have in the shared cells is removed from the rest of the line ("pointing"), and a value
// the line can only have there is removed from the rest of the box ("claiming"). Sets `changed`
// if any candidate was removed; false on a contradiction.
bool boxLine(const Geometry& g, Candidates& cand, std::vector<int>& queue, bool& changed) {
    const size_t count = g.crossings.size();
    std::vector<Mask> unions(count, 0);  // the candidates of each crossing's segment
    for (size_t x = 0; x < count; ++x) {
        const Cells& segment = g.crossings[x].segment;
        for (size_t i = 0; i < segment.size(); ++i) unions[x] |= cand[segment[i]];
    }
    for (size_t x = 0; x < count; ++x) {
        const Crossing& c = g.crossings[x];
        Mask inLine = 0, inBox = 0;
        for (size_t i = 0; i < c.lineOthers.size(); ++i) inLine |= unions[c.lineOthers[i]];
        for (size_t i = 0; i < c.boxOthers.size(); ++i) inBox |= unions[c.boxOthers[i]];
        const Mask pointing = unions[x] & inLine & ~inBox;
        const Mask claiming = unions[x] & inBox & ~inLine;
        if (pointing && !removeValues(cand, queue, c.lineRest, pointing, changed)) return false;
        if (claiming && !removeValues(cand, queue, c.boxRest, claiming, changed)) return false;
    }
    return true;
}

// Applies naked singles, hidden singles and box/line interactions until none finds anything;
// false on a contradiction.
bool propagate(const Geometry& g, Candidates& cand, std::vector<int>& queue) {
    for (;;) {
        if (!eliminate(g, cand, queue)) return false;
        if (!hiddenSingles(g, cand, queue)) return false;
        if (!queue.empty()) continue;
        bool changed = false;
        if (!boxLine(g, cand, queue, changed)) return false;
        if (!changed) return true;
    }
}

// --------------------------------------------------------------------------------- search

// The unsolved cell with the fewest candidates, or -1 when every cell is solved.
int fewestCandidates(const Candidates& cand) {
    int best = -1, bestCount = 65;
    for (size_t cell = 0; cell < cand.size(); ++cell) {
        Mask m = cand[cell];
        if (isSingle(m)) continue;
        int count = popcount(m);
        if (count < bestCount) {
            best = static_cast<int>(cell);
            bestCount = count;
            if (count == 2) break;
        }
    }
    return best;
}

// Depth-first search from a propagated state. `cand` belongs to this call and is narrowed in
// place as guesses fail; on success it holds the solution.
bool search(const Geometry& g, Candidates& cand) {
    std::vector<int> queue;
    for (;;) {
        int cell = fewestCandidates(cand);
        if (cell < 0) return true;
        Mask bit = lowestBit(cand[cell]);
        Candidates trial(cand);
        trial[cell] = bit;
        queue.assign(1, cell);
        if (propagate(g, trial, queue) && search(g, trial)) {
            cand.swap(trial);
            return true;
        }
        // `bit` cannot go in `cell` here: drop it and let propagation use that fact.
        cand[cell] ^= bit;
        queue.clear();
        if (isSingle(cand[cell])) queue.push_back(cell);
        if (!propagate(g, cand, queue)) return false;
    }
}

// Solves a puzzle given row-major (0 = blank) in place; false when it has no solution.
bool solve(const Geometry& g, std::vector<int>& values) {
    Candidates cand(g.cells, g.full);
    std::vector<int> queue;
    for (int cell = 0; cell < g.cells; ++cell) {
        if (values[cell] != 0) {
            cand[cell] = Mask(1) << (values[cell] - 1);
            queue.push_back(cell);
        }
    }
    // Givens that clash with each other are caught here as an empty cell.
    if (!propagate(g, cand, queue) || !search(g, cand)) return false;
    for (int cell = 0; cell < g.cells; ++cell) values[cell] = valueOf(cand[cell]);
    return true;
}

// ------------------------------------------------------------------------- input and output

struct Puzzle {
    int n;
    std::vector<int> values;  // row-major, 0 = blank
    bool letters;             // write values above 9 as letters
};

// n for a grid of `count` cells, or 0 when it is not 4x4, 9x9, 16x16, 25x25 or 36x36.
int sizeOf(size_t count) {
    const int sizes[] = {4, 9, 16, 25, 36};
    for (int i = 0; i < 5; ++i)
        if (static_cast<size_t>(sizes[i] * sizes[i]) == count) return sizes[i];
    return 0;
}

// A letter token's value (A = 10, ..., Z = 35, either case), or -1 when it is not one letter.
int letterValue(const std::string& t) {
    if (t.size() != 1) return -1;
    size_t at = LETTERS.find(static_cast<char>(std::toupper(static_cast<unsigned char>(t[0]))));
    return at == std::string::npos ? -1 : 10 + static_cast<int>(at);
}

bool allDigits(const std::string& s) {
    for (size_t i = 0; i < s.size(); ++i)
        if (s[i] < '0' || s[i] > '9') return false;
    return !s.empty();
}

// Reads the puzzle from `in`; on bad input, sets `error` and returns false.
bool readPuzzle(std::istream& in, Puzzle& p, std::string& error) {
    std::vector<std::string> tokens;
    std::string token;
    while (in >> token) tokens.push_back(token);
    p.n = sizeOf(tokens.size());
    if (p.n == 0) {
        error = "expected 16, 81, 256, 625 or 1296 values (a 4x4, 9x9, 16x16, 25x25 or 36x36 "
                "grid), got " + std::to_string(tokens.size());
        return false;
    }
    bool sawLetter = false, sawDecimal = false;
    for (size_t i = 0; i < tokens.size(); ++i) {
        const std::string& t = tokens[i];
        int value;
        if (t == ".") {
            value = 0;
        } else if (allDigits(t)) {
            value = 0;
            for (size_t d = 0; d < t.size() && value <= 36; ++d) value = value * 10 + (t[d] - '0');
            if (value >= 10) sawDecimal = true;
        } else if (letterValue(t) > 0) {
            if (p.n == 36) {
                error = "36x36 values must be decimal numbers, got '" + t + "'";
                return false;
            }
            value = letterValue(t);
            sawLetter = true;
        } else {
            error = "'" + t + "' is not a value (use 0 or . for a blank, and 1-" +
                    std::to_string(p.n) + " as digits, letters from A = 10, or decimal numbers)";
            return false;
        }
        if (value > p.n) {
            error = "'" + t + "' is too large for a " + std::to_string(p.n) + "x" +
                    std::to_string(p.n) + " grid";
            return false;
        }
        p.values.push_back(value);
    }
    p.letters = sawLetter || (!sawDecimal && p.n <= 25);
    return true;
}

void writeGrid(std::ostream& out, const Puzzle& p) {
    std::string text;
    for (int r = 0; r < p.n; ++r) {
        for (int c = 0; c < p.n; ++c) {
            int v = p.values[r * p.n + c];
            if (c > 0) text += ' ';
            if (p.letters && v >= 10) text += LETTERS[v - 10];
            else text += std::to_string(v);
        }
        text += '\n';
    }
    out << text;
}

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    Puzzle puzzle;
    std::string error;
    if (!readPuzzle(std::cin, puzzle, error)) {
        std::cerr << "sudoku: " << error << "\n";
        return 1;
    }
    Geometry geometry(puzzle.n);
    if (solve(geometry, puzzle.values)) writeGrid(std::cout, puzzle);
    else std::cout << "No Solution\n";
    return 0;
}
