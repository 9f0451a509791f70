"""Programs that do nothing useful, for a program's assignment (shape stdin-program).

Three: one that prints nothing, one that echoes its puzzle back (its input, written where the
answer is read), and, when the handout defines one, one that prints the no-solution message for
every puzzle. Each is written in Python when the assignment takes Python programs, else in C
(which a C++ compiler builds too); the puzzle comes on stdin, as an argument or as a file named
by one, and the answer goes to stdout or the output file, as config.yaml's `program:` says.
"""

from __future__ import annotations

from harness.config import ProgramConfig

PYTHON_READ = {
    "stdin": "sys.stdin.read()",
    "argument": "sys.argv[1]",
    "file": "open(sys.argv[1], encoding='utf-8').read()",
}
C_READ = {  # the puzzle's text into `text` (at most 64 KiB)
    "stdin": "size_t n = fread(text, 1, sizeof text - 1, stdin); text[n] = 0;",
    "argument": 'snprintf(text, sizeof text, "%s", argc > 1 ? argv[1] : "");',
    "file": (
        'FILE *in = argc > 1 ? fopen(argv[1], "r") : NULL; size_t n = in ? fread(text, 1, '
        "sizeof text - 1, in) : 0; text[n] = 0;"
    ),
}


def python_program(program: ProgramConfig, answer: str, says: str) -> str:
    """A Python program writing `answer` ("" nothing, "echo" its puzzle, else that text)."""
    lines = [f'"""A control made by `sudoku-harness check`: {says}."""', "import sys", ""]
    text = PYTHON_READ[program.input] if answer == "echo" else repr(answer + "\n")
    if answer == "":
        lines.append("sys.exit(0)")
    elif program.output == "file":
        lines.append(f"open({program.output_file!r}, 'w', encoding='utf-8').write({text})")
    else:
        lines.append(f"sys.stdout.write({text})")
    return "\n".join(lines) + "\n"


def c_program(program: ProgramConfig, answer: str, says: str) -> str:
    """The same program in C."""
    body = []
    if answer == "echo":
        body += ["static char text[65536];", C_READ[program.input]]
        text = "text"
    else:
        text = _c_string(answer + "\n")
    if answer == "":
        pass
    elif program.output == "file":
        body.append(f'FILE *out = fopen({_c_string(program.output_file)}, "w");')
        body.append(f"if (out) {{ fputs({text}, out); fclose(out); }}")
    else:
        body.append(f"fputs({text}, stdout);")
    return "\n".join([
        f"/* A control made by `sudoku-harness check`: {says}. */",
        "#include <stdio.h>",
        "int main(int argc, char **argv) {",
        "    (void)argc; (void)argv;",
        *(f"    {line}" for line in body),
        "    return 0;",
        "}",
        "",
    ])  # fmt: skip


def _c_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'
