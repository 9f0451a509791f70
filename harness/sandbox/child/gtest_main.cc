// The main of every GoogleTest program the harness builds (shape unit-tests), in place of the
// course's and the submission's (a submission defining main does not link): it reads where the
// report goes and GoogleTest's premature-exit file from stdin, which the harness writes before
// the program starts, and never from argv or the environment, where code under test finds them
// easily. It reads them from an entry of the executable's .preinit_array, which the loader runs
// before any constructor (a global object's of the submission's, or GoogleTest's own), then
// closes stdin: code under test that reads it finds nothing. (The harness refuses a submission
// naming .preinit_array, or anything else that runs before main: harness/frameworks/cpp_source.py.)
// main gives them to GoogleTest, then clears them from GoogleTest's flags, from its own buffers
// and from the environment before the first test runs. Nothing of the report's path is left
// where a test can read it but the objects GoogleTest keeps it in. A program whose settings were
// not read exits NO_SETTINGS: its run does not count.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <iostream>
#include <string>

namespace {

constexpr int NO_SETTINGS = 3;
constexpr const char *PREMATURE = "TEST_PREMATURE_EXIT_FILE";
constexpr std::size_t MOST = 4096;  // a path's bytes, and its end

// Plain arrays, zero before anything runs: no constructor has run when they are filled.
char report[MOST];
char premature[MOST];
bool settings_read;

// One line of stdin, read a byte at a time: nothing of the next line is buffered.
bool read_line(char *line) {
  std::size_t n = 0;
  char c;
  while (read(0, &c, 1) == 1) {
    if (c == '\n') return n > 0;
    if (n + 1 >= MOST) return false;
    line[n++] = c;
  }
  return false;
}

void read_settings(int, char **, char **) {
  settings_read = read_line(report) && read_line(premature);
  close(0);
}

// GoogleTest reads the premature-exit file's path from the environment as its tests start, then
// keeps it: this removes it from the environment before the first test.
class HideSettings : public testing::EmptyTestEventListener {
  void OnTestProgramStart(const testing::UnitTest &) override { unsetenv(PREMATURE); }
};

// GoogleTest's output flag (GTEST_FLAG_SET since 1.12; Ubuntu 22.04 has 1.11).
void set_output(const std::string &value) {
#ifdef GTEST_FLAG_SET
  GTEST_FLAG_SET(output, value);
#else
  testing::GTEST_FLAG(output) = value;
#endif
}

}  // namespace

// Run by the loader before every constructor of the program (the executable's own
// .preinit_array: shared libraries' initializers come after it too).
__attribute__((section(".preinit_array"), used)) void (*sudoku_harness_settings)(
    int, char **, char **) = read_settings;

int main(int argc, char **argv) {
  if (!settings_read) {
    std::cerr << "sudoku-harness: the test program's settings were not on its stdin\n";
    return NO_SETTINGS;
  }
  set_output(std::string("xml:") + report);
  testing::InitGoogleTest(&argc, argv);
  set_output("");
  setenv(PREMATURE, premature, 1);
  std::memset(report, 0, MOST);
  std::memset(premature, 0, MOST);
  testing::UnitTest::GetInstance()->listeners().Append(new HideSettings);
  return RUN_ALL_TESTS();
}
