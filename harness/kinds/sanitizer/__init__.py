"""Undefined behaviour named: a compiled submission that lost marks is built again with gcc's
AddressSanitizer and UndefinedBehaviorSanitizer, the cases it failed are run again on that build,
and the first error the sanitizers report is said in the student's words, with its line.

A program with undefined behaviour (a read past an array, an int that overflows) may answer
differently with another compiler, other flags, another machine: its marks are those of the
course's build, and the finding tells the teacher and the student why they may differ elsewhere.
Nothing here changes a verdict or a mark, and a failure of its own is logged, never an IE.

- `settings`: the flags, the sanitizers' options, a rerun's limits, and what a shape's sanitizer
  build offers (the `SanitizerBuild` Protocol);
- `report`: a report read into a `Finding` (first error: its kind, the access in words, the
  student's file and line);
- `step`: the cases chosen and run again, each shape's build by a registry (`examine`).

The shapes build it: shape `driven` (harness/kinds/driven/sanitized.py) and `stdin-program`
(harness/kinds/stdin_program/kind.py), wherever their build command is gcc's or g++'s.
"""
