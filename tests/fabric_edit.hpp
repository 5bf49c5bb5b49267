#pragma once
// A fabric edited between two commits, for baseline/diff/fingerprint tests: old/ is the broken
// sample; new/ is the same with every line of every file shifted (a table inserted at the top),
// the leaf2 MTU mistake fixed and a new MTU mistake on leaf1's uplink.

#include <filesystem>
#include <string>

#include "test_util.hpp"

namespace rocelint::test {

inline std::string replaceOnce(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "edit target not found: " << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

struct EditedFabric {
  std::string old_dir;
  std::string new_dir;
};

/// Writes old/ and new/ under `dir`.
inline EditedFabric makeEditedFabric(const TempDir& dir) {
  namespace fs = std::filesystem;
  fs::path sample = fs::path(sourceDir()) / "samples" / "leafspine-broken";
  for (const auto& entry : fs::directory_iterator(sample)) {
    if (entry.path().extension() != ".json") continue;
    std::string name = entry.path().filename().string();
    std::string text = readAll(entry.path().string());
    dir.write("old/" + name, text);
    text = replaceOnce(
        text, "{\n",
        "{\n    \"ACL_TABLE\": {\n        \"DATAACL\": {\n            \"policy_desc\": \"shifts every line\"\n"
        "        }\n    },\n");
    if (name == "leaf2.json") text = replaceOnce(text, "\"mtu\": \"1500\"", "\"mtu\": \"9100\"");
    if (name == "leaf1.json") text = replaceOnce(text, "\"mtu\": \"9100\"", "\"mtu\": \"1500\"");
    dir.write("new/" + name, text);
  }
  return {dir.path() + "/old", dir.path() + "/new"};
}

}  // namespace rocelint::test
