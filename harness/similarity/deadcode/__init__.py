"""Dead code left out before fingerprinting: a copier's cheapest disguise after renaming is code
that never runs or whose result is never read, put in every function, so each k-gram that spans
it is lost (issue 35; JPlag 5 normalises it away too). Only what is provably dead goes:

    Python (`ast`; python.py applies what reach.py and unused.py find to the file's tokens)
      if False: / if 0: / while None: ...   a constant test: the branch that never runs goes,
                                            the one that always runs stays (`else:` unwrapped)
      return / raise / break / continue     the statements after one, in its block
      x = ...                               in a function, when x is read nowhere in it (nested
                                            functions included) and it reads no locals(), vars(),
                                            eval, exec, dir or frames; nor global/nonlocal names
      pass, a bare constant                 statements that do nothing

    C and C++ (the token stream; cpp.py)
      if (0) { ... } / if (false) stmt;     the branch goes, an `else` block is unwrapped
      return / break / continue / throw     the statements after one, to the end of its block,
                                            unless a case, a label or a preprocessor line is there

Left out on purpose: Python names assigned at module level or in a class (an importer or the
instance may read them); C and C++ unused variables (a pointer or reference can read them) and
`while (0)` (`do { } while (0)` runs once); tests that are constant only by a name's value
(`DEBUG = False; if DEBUG:`).
"""
