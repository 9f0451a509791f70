// The main of every GoogleTest program the harness builds (shape unit-tests), in place of the
// course's and the submission's (a submission defining main does not link): it reads where the
// report goes and GoogleTest's premature-exit file from stdin, which the harness writes before
// the program starts, and never from argv or the environment, where code under test finds them
// easily; gives them to GoogleTest; then clears them from GoogleTest's flags and from the
// environment before the first test runs. Nothing of the report's path is left where a test can
// read it but the objects GoogleTest keeps it in. A program whose stdin was read before main
// (by code of the submission's that runs first) exits NO_SETTINGS: its run does not count.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string>

namespace {

constexpr int NO_SETTINGS = 3;
constexpr const char *PREMATURE = "TEST_PREMATURE_EXIT_FILE";

// One line of stdin, read a byte at a time: nothing of the next line is buffered.
bool read_line(std::string &line) {
  char c;
  while (read(0, &c, 1) == 1) {
    if (c == '\n') return !line.empty();
    line += c;
  }
  return false;
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

int main(int argc, char **argv) {
  std::string report, premature;
  if (!read_line(report) || !read_line(premature)) {
    std::cerr << "sudoku-harness: the test program's settings were not on its stdin\n";
    return NO_SETTINGS;
  }
  close(0);
  set_output("xml:" + report);
  testing::InitGoogleTest(&argc, argv);
  set_output("");
  setenv(PREMATURE, premature.c_str(), 1);
  testing::UnitTest::GetInstance()->listeners().Append(new HideSettings);
  return RUN_ALL_TESTS();
}
