// Text as parsers see it (src/util/text_file.*): line ends, byte-order marks, UTF-16, and every
// byte sequence that is not UTF-8 text, with the place an editor shows for it.

#include "text_file.hpp"

#include <gtest/gtest.h>

#include <string>

#include "input_limits.hpp"
#include "test_util.hpp"

namespace rocelint::textio {
namespace {

std::string normalised(std::string text) {
  normalise(text);
  return text;
}

TEST(TextFile, CrOnlyCrlfAndLfReadTheSame) {
  EXPECT_EQ(normalised("a\rb\rc"), "a\nb\nc");
  EXPECT_EQ(normalised("a\r\nb\r\nc\r\n"), "a\nb\nc\n");
  EXPECT_EQ(normalised("a\r\r\nb"), "a\n\nb");  // a lone CR, then CRLF: two line ends
  EXPECT_EQ(normalised("a\nb"), "a\nb");
}

TEST(TextFile, ByteOrderMarksAreDropped) {
  EXPECT_EQ(normalised("\xEF\xBB\xBFhostname leaf1\n"), "hostname leaf1\n");
  // UTF-16 little- and big-endian, with a character outside the BMP (a surrogate pair).
  std::string le(
      "\xFF\xFE"
      "h\0i\0\x3D\xD8\x00\xDE\n\0",
      12);
  EXPECT_EQ(normalised(le), "hi\xF0\x9F\x98\x80\n");
  std::string be("\xFE\xFF\0h\0\xE9", 6);
  EXPECT_EQ(normalised(be), "h\xC3\xA9");
  std::string bad("\xFF\xFE\x00\xD8x\0", 6);  // an unpaired high surrogate
  Repairs r = normalise(bad);
  EXPECT_TRUE(r.utf16);
  EXPECT_EQ(r.bad_total, 1U);
  EXPECT_EQ(bad, "\xEF\xBF\xBDx");
}

TEST(TextFile, InvalidSequencesAreReplacedAndPlacedByLineAndColumn) {
  std::string text = "ok\r\nhost\xFFname x\n\xC3\x28 \xE0\x80\x80 \xED\xA0\x80 \xF4\x90\x80\x80 caf\xC3\xA9 \xE2\x82\n";
  Repairs r = normalise(text);
  ASSERT_EQ(r.bad.size(), 6U);
  EXPECT_EQ(r.bad_total, 6U);
  EXPECT_EQ(r.bad[0].line, 2);
  EXPECT_EQ(r.bad[0].column, 5);
  EXPECT_EQ(r.bad[0].bytes, "0xFF");
  EXPECT_EQ(r.bad[1].line, 3);  // a lead byte whose follower is ASCII
  EXPECT_EQ(r.bad[1].column, 1);
  EXPECT_EQ(r.bad[1].bytes, "0xC3");
  EXPECT_EQ(r.bad[2].bytes, "0xE0 0x80 0x80");       // overlong
  EXPECT_EQ(r.bad[3].bytes, "0xED 0xA0 0x80");       // a surrogate
  EXPECT_EQ(r.bad[4].bytes, "0xF4 0x90 0x80 0x80");  // above U+10FFFF
  EXPECT_EQ(r.bad[5].bytes, "0xE2 0x82");            // cut short by the line end
  EXPECT_EQ(r.bad[5].column, 23);
  EXPECT_EQ(text,
            "ok\nhost\xEF\xBF\xBDname x\n\xEF\xBF\xBD( \xEF\xBF\xBD \xEF\xBF\xBD \xEF\xBF\xBD caf\xC3\xA9 "
            "\xEF\xBF\xBD\n");
  EXPECT_TRUE(isValidUtf8(text));
}

TEST(TextFile, NulBytesAreBadSequencesAndOnlyTheFirstTenArePlaced) {
  std::string text(std::string("a\0b", 3));
  Repairs r = normalise(text);
  ASSERT_EQ(r.bad.size(), 1U);
  EXPECT_TRUE(r.bad[0].nul);
  EXPECT_EQ(r.bad[0].column, 2);
  std::string many;
  for (int i = 0; i < 25; ++i) many += "x\xFF\n";
  r = normalise(many);
  EXPECT_EQ(r.bad.size(), kMaxReportedBadSequences);
  EXPECT_EQ(r.bad_total, 25U);
  EXPECT_EQ(r.bad.back().line, 10);
}

TEST(TextFile, ValidTextIsLeftAlone) {
  std::string text = "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80\n";
  std::string copy = text;
  Repairs r = normalise(text);
  EXPECT_EQ(r.bad_total, 0U);
  EXPECT_EQ(text, copy);
  EXPECT_EQ(validUtf8("a\xFF\xFE"
                      "b"),
            "a\xEF\xBF\xBD"
            "b");
  EXPECT_FALSE(isValidUtf8(std::string("a\0", 2)));
}

TEST(TextFile, AFileOverTheLimitIsNotReadAndSaysWhichLimit) {
  test::TempDir dir;
  std::string path = dir.write("big.cfg", std::string(5000, 'x'));
  try {
    readText(path, 4096);
    FAIL() << "no error";
  } catch (const ReadError& e) {
    EXPECT_EQ(std::string(e.what()),
              path + ": the file is 5000 bytes, larger than the limit of 4096 bytes (--max-file-size)");
    EXPECT_EQ(e.fix, "split the file, or raise --max-file-size if it really is one configuration");
  }
  EXPECT_EQ(readText(path, 5000).text.size(), 5000U);
  EXPECT_THROW(readText(dir.path() + "/missing.cfg", limits::kDefaultMaxFileBytes), ReadError);
}

TEST(TextFile, RocelintsOwnInputsMustBeUtf8AndSayWhere) {
  test::TempDir dir;
  std::string path = dir.write("c.yaml", "params:\n  asic: td\xFF\n");
  try {
    readValidText(path, limits::kDefaultMaxFileBytes);
    FAIL() << "no error";
  } catch (const ReadError& e) {
    EXPECT_EQ(std::string(e.what()), path + ":2:11: bytes that are not UTF-8 text (0xFF): the file must be UTF-8 text");
  }
  std::string crlf = dir.write("d.yaml", "params:\r\n  asic: td3\r\n");
  EXPECT_EQ(readValidText(crlf, limits::kDefaultMaxFileBytes), "params:\n  asic: td3\n");
}

}  // namespace
}  // namespace rocelint::textio
