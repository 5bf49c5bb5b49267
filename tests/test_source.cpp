// Sources: the process-wide string table, the 16-byte SourceRef with its typed origin, and the
// fingerprints built from it (a CLI value edit keeps them, another statement does not).

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "rocelint/fingerprint.hpp"
#include "rocelint/intern.hpp"
#include "rocelint/source.hpp"
#include "test_util.hpp"

namespace rocelint {
namespace {

using test::TempDir;

TEST(StringTable, EqualStringsShareAnIdAndTheEmptyStringIsZero) {
  EXPECT_EQ(StringTable::intern(""), 0u);
  EXPECT_EQ(StringTable::text(0), "");
  std::uint32_t a = StringTable::intern("/PORT/Ethernet0/speed");
  std::uint32_t b = StringTable::intern(std::string("/PORT/Ethernet0/") + "speed");
  std::uint32_t c = StringTable::intern("/PORT/Ethernet4/speed");
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_NE(a, 0u);
  EXPECT_EQ(StringTable::text(a), "/PORT/Ethernet0/speed");
  EXPECT_EQ(StringTable::text(c), "/PORT/Ethernet4/speed");
  EXPECT_EQ(InternedString("leaf1.json"), InternedString(std::string_view("leaf1.json")));
  EXPECT_TRUE(InternedString().empty());
}

TEST(StringTable, StringsNeverMoveWhileTheTableGrows) {
  std::uint32_t id = StringTable::intern("stable: a string interned before many others");
  const std::string* before = &StringTable::text(id);
  std::size_t size_before = StringTable::size();
  for (int i = 0; i < 100'000; ++i) StringTable::intern("stable: filler " + std::to_string(i));
  EXPECT_EQ(StringTable::size(), size_before + 100'000);
  EXPECT_EQ(&StringTable::text(id), before);
  EXPECT_EQ(*before, "stable: a string interned before many others");
  EXPECT_EQ(StringTable::intern("stable: filler 99999"), StringTable::intern("stable: filler 99999"));
  EXPECT_EQ(StringTable::text(StringTable::intern("stable: filler 12345")), "stable: filler 12345");
}

TEST(StringTable, ThreadsInterningTheSameStringsGetTheSameIds) {
  constexpr int kThreads = 8;
  constexpr int kStrings = 20'000;
  std::size_t size_before = StringTable::size();
  std::vector<std::vector<std::uint32_t>> ids(kThreads, std::vector<std::uint32_t>(kStrings));
  std::atomic<int> wrong_text{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t, &ids, &wrong_text] {
      // Every thread interns every string, each in its own order, and reads back what it got.
      for (int k = 0; k < kStrings; ++k) {
        int i = (k * 7919 + t * 104'729) % kStrings;
        std::string text = "threads: " + std::to_string(i);
        std::uint32_t id = StringTable::intern(text);
        ids[t][i] = id;
        if (StringTable::text(id) != text) ++wrong_text;
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(wrong_text.load(), 0);
  for (int t = 1; t < kThreads; ++t) EXPECT_EQ(ids[t], ids[0]) << "thread " << t;
  EXPECT_EQ(std::set<std::uint32_t>(ids[0].begin(), ids[0].end()).size(), std::size_t{kStrings});
  EXPECT_EQ(StringTable::size(), size_before + kStrings);
  for (int i = 0; i < kStrings; ++i) ASSERT_EQ(StringTable::text(ids[0][i]), "threads: " + std::to_string(i));
}

TEST(SourceRef, SixteenBytesAndEveryFieldRoundTrips) {
  EXPECT_LE(sizeof(SourceRef), 16u);
  SourceRef none;
  EXPECT_FALSE(none.known());
  EXPECT_EQ(none.file(), "");
  EXPECT_EQ(none.originKind(), OriginKind::None);
  EXPECT_EQ(none.originText(), "");
  for (OriginKind kind : {OriginKind::None, OriginKind::JsonPointer, OriginKind::XmlPath, OriginKind::CliStatement,
                          OriginKind::YamlKeyPath, OriginKind::Default}) {
    SourceRef src("fabric/leaf1.cfg", 123456, 7890, kind, "interface Ethernet1 > mtu");
    EXPECT_TRUE(src.known());
    EXPECT_EQ(src.file(), "fabric/leaf1.cfg");
    EXPECT_EQ(src.line, 123456);
    EXPECT_EQ(src.column, 7890);
    EXPECT_EQ(src.originKind(), kind);
    EXPECT_EQ(src.originText(), "interface Ethernet1 > mtu");
    EXPECT_EQ(src.jsonPointer(), kind == OriginKind::JsonPointer ? "interface Ethernet1 > mtu" : "");
  }
  SourceRef json("leaf1.json", 4, 17, OriginKind::JsonPointer, "/PORT/Ethernet0/mtu");
  EXPECT_EQ(json.fileName(), SourceRef("leaf1.json", 1, 1, OriginKind::None, "").fileName());  // one copy per file
  EXPECT_EQ(originLabel(json), "/PORT/Ethernet0/mtu");
  SourceRef def = json.withOrigin(OriginKind::Default, "qos map dscp to traffic-class");
  EXPECT_EQ(def.line, 4);
  EXPECT_EQ(def.column, 17);
  EXPECT_EQ(def.file(), "leaf1.json");
  EXPECT_EQ(originLabel(def), "default of qos map dscp to traffic-class");
  EXPECT_EQ(json.originKind(), OriginKind::JsonPointer);  // the copy changed, not the original
  json.setOrigin(OriginKind::YamlKeyPath, "/suppressions/0");
  EXPECT_EQ(test::origin(json), "yaml-key-path: /suppressions/0");
}

TEST(SourceRef, JsonPointerFingerprintsAreThoseOfUntypedPointers) {
  // Before origins were typed, the key ended in the JSON pointer itself; baselines recorded that.
  Finding f;
  f.rule = "PFC001";
  f.switch_name = "leaf3";
  f.port = "Ethernet0";
  f.priority = 4;
  f.location = SourceRef("fabric/leaf3.json", 350, 35, OriginKind::JsonPointer, "/PORT_QOS_MAP/Ethernet0/pfc_enable");
  std::string key =
      "PFC001\x1fleaf3\x1f"
      "Ethernet0\x1f"
      "4\x1fleaf3.json\x1f/PORT_QOS_MAP/Ethernet0/pfc_enable";
  std::uint64_t hash = 14695981039346656037ULL;
  for (unsigned char c : key) hash = (hash ^ c) * 1099511628211ULL;
  char expected[17];
  std::snprintf(expected, sizeof expected, "%016llx", static_cast<unsigned long long>(hash));
  EXPECT_EQ(fingerprintOf(f, "leaf3.json"), expected);
  // The file tells the kinds apart (one format per file): XML paths, YAML key paths and CLI
  // statements hash their text alone, as before origins were typed; a default is named, so a
  // finding at a vendor default and one at the statement it stands for differ.
  Finding xml = f;
  xml.location.setOrigin(OriginKind::XmlPath, f.location.originText());
  EXPECT_EQ(fingerprintOf(xml, "leaf3.json"), expected);
  Finding at_default = f;
  at_default.location.setOrigin(OriginKind::Default, f.location.originText());
  EXPECT_NE(fingerprintOf(at_default, "leaf3.json"), expected);
  EXPECT_EQ(originKey(at_default.location), "default:/PORT_QOS_MAP/Ethernet0/pfc_enable");
}

// The EOS sample in `dir` with `from` replaced by `to` in leaf1.cfg, checked, fingerprints assigned.
Report checkEditedEos(const TempDir& dir, const std::string& from, const std::string& to) {
  std::filesystem::copy(test::sourceDir() + "/samples/leafspine-eos", dir.path(),
                        std::filesystem::copy_options::recursive);
  std::string text = test::readAll(dir.path() + "/leaf1.cfg");
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  dir.write("leaf1.cfg", text);
  Report report = test::check(dir.path());
  assignFingerprints(report, dir.path());
  return report;
}

// The one reported finding of `rule` on `port` (nullptr and a failure if there is not exactly one).
const Finding* onlyFinding(const Report& report, const std::string& rule, const std::string& port) {
  const Finding* found = nullptr;
  int count = 0;
  for (const Finding& f : report.findings) {
    if (f.rule == rule && f.port == port) found = &f, ++count;
  }
  EXPECT_EQ(count, 1) << rule << " " << port;
  return count == 1 ? found : nullptr;
}

TEST(SourceFingerprint, CliValueEditKeepsItAnotherStatementChangesIt) {
  const std::string global = "priority-flow-control pause watchdog default timeout 0.2\n";
  TempDir a;
  TempDir b;
  TempDir c;
  // A watchdog timeout below 100 ms (WD002), then the same line with another wrong value...
  Report first = checkEditedEos(a, global, "priority-flow-control pause watchdog default timeout 0.01\n");
  Report edited = checkEditedEos(b, global, "priority-flow-control pause watchdog default timeout 0.05\n");
  // ... and the same mistake written in the qos profile's watchdog statement instead.
  Report moved = checkEditedEos(
      c, "   priority-flow-control pause watchdog\n",
      "   priority-flow-control pause watchdog\n"
      "   priority-flow-control pause watchdog port timer timeout 0.01 polling-interval auto recovery-time 0.2\n");
  const Finding* f1 = onlyFinding(first, "WD002", "Ethernet1/1");
  const Finding* f2 = onlyFinding(edited, "WD002", "Ethernet1/1");
  const Finding* f3 = onlyFinding(moved, "WD002", "Ethernet1/1");
  ASSERT_TRUE(f1 && f2 && f3);
  EXPECT_EQ(test::origin(f1->location), "cli-statement: priority-flow-control pause watchdog default timeout");
  EXPECT_EQ(std::tie(f2->switch_name, f2->port, f2->priority), std::tie(f1->switch_name, f1->port, f1->priority));
  EXPECT_NE(f2->message, f1->message);          // the message says the value ...
  EXPECT_EQ(f2->fingerprint, f1->fingerprint);  // ... the fingerprint does not
  EXPECT_EQ(
      test::origin(f3->location),
      "cli-statement: qos profile ROCE > priority-flow-control pause watchdog port timer timeout polling-interval "
      "recovery-time");
  EXPECT_EQ(std::tie(f3->switch_name, f3->port, f3->priority), std::tie(f1->switch_name, f1->port, f1->priority));
  EXPECT_NE(f3->fingerprint, f1->fingerprint);
}

}  // namespace
}  // namespace rocelint
