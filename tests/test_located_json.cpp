#include <gtest/gtest.h>

#include "input_limits.hpp"
#include "located_json.hpp"

namespace rocelint::json {
namespace {

TEST(LocatedJson, RecordsLineOfEveryValue) {
  const char* text =
      "{\n  \"PORT\": {\n    \"Ethernet0\": {\n      \"speed\": \"100000\",\n      \"mtu\": 9100\n    }\n  }\n}\n";
  Node root;
  ParseFailure failure;
  ASSERT_TRUE(parse(text, root, failure)) << failure.message;
  const Node* port = root.find("PORT");
  ASSERT_NE(port, nullptr);
  EXPECT_EQ(port->line, 2);
  const Node* eth = port->find("Ethernet0");
  ASSERT_NE(eth, nullptr);
  EXPECT_EQ(eth->line, 3);
  EXPECT_EQ(eth->find("speed")->line, 4);
  EXPECT_EQ(eth->find("speed")->text, "100000");
  // A number is followed by a newline the lexer reads ahead; it must still report its own line.
  EXPECT_EQ(eth->find("mtu")->line, 5);
  EXPECT_EQ(eth->find("mtu")->kind, Node::Kind::Number);
}

// Every value knows the column where its token starts, whatever the lexer read after it.
TEST(LocatedJson, RecordsColumnWhereEachValueStarts) {
  const char* text =
      "{\"a\": \"x\\\"y\", \"b\": 9100, \"c\": -1.5e3,\n"
      "  \"d\": true, \"e\": null, \"f\": [1, 22],\n"
      "  \"g\": 7\r\n, \"h\": {\"i\": 40\n}}";
  Node root;
  ParseFailure failure;
  ASSERT_TRUE(parse(text, root, failure)) << failure.message;
  auto column = [&](const char* key) { return root.find(key)->column; };
  EXPECT_EQ(column("a"), 7);   // "x\"y": the escaped quote does not end the string
  EXPECT_EQ(column("b"), 20);  // a number followed by ','
  EXPECT_EQ(column("c"), 31);  // a number with sign, fraction and exponent
  EXPECT_EQ(root.find("d")->line, 2);
  EXPECT_EQ(column("d"), 8);
  EXPECT_EQ(column("e"), 19);
  EXPECT_EQ(column("f"), 30);  // '[' itself
  EXPECT_EQ(root.find("f")->items[0].column, 31);
  EXPECT_EQ(root.find("f")->items[1].column, 34);  // a number followed by ']'
  EXPECT_EQ(column("g"), 8);                       // a number followed by "\r\n"
  EXPECT_EQ(root.find("h")->find("i")->line, 4);
  EXPECT_EQ(root.find("h")->find("i")->column, 14);  // a number followed by '\n'
  Node last;
  ASSERT_TRUE(parse("[1, 234]", last, failure));
  EXPECT_EQ(last.items[1].column, 5);
  ASSERT_TRUE(parse("12345", last, failure));  // a number the text ends with
  EXPECT_EQ(last.column, 1);
}

TEST(LocatedJson, KeepsDuplicateKeysAndOrder) {
  Node root;
  ParseFailure failure;
  ASSERT_TRUE(parse(R"({"b": "1", "a": "2", "b": "3"})", root, failure));
  ASSERT_EQ(root.members.size(), 3u);
  EXPECT_EQ(root.members[0].first, "b");
  EXPECT_EQ(root.members[2].second.text, "3");
}

TEST(LocatedJson, TruncatedInputReportsPositionAndExpectation) {
  Node root;
  ParseFailure failure;
  ASSERT_FALSE(parse("{\n  \"PORT\": {\n    \"Ethernet0\": {\"speed\": \"100000\"", root, failure));
  EXPECT_EQ(failure.line, 3);
  EXPECT_NE(failure.message.find("unexpected end of input"), std::string::npos) << failure.message;
  EXPECT_NE(failure.message.find("expected"), std::string::npos) << failure.message;
}

TEST(LocatedJson, MissingCommaReportsLineAndColumn) {
  Node root;
  ParseFailure failure;
  ASSERT_FALSE(parse("{\n  \"a\": \"1\"\n  \"b\": \"2\"\n}", root, failure));
  EXPECT_EQ(failure.line, 3);
  EXPECT_EQ(failure.column, 5);  // the end of the unexpected token "b"
  EXPECT_NE(failure.message.find("expected '}'"), std::string::npos) << failure.message;
}

TEST(LocatedJson, EscapesPointerTokens) { EXPECT_EQ(escapePointer("a/b~c"), "a~1b~0c"); }

// 35,000 nested arrays used to overflow the stack (the tree's destructor and every reader
// recurse): the parse stops at the bracket one level past the limit, with its position.
TEST(LocatedJson, NestingPastTheDepthLimitIsAParseFailureAtItsBracket) {
  Node root;
  ParseFailure failure;
  std::string deep = std::string(35000, '[') + std::string(35000, ']');
  ASSERT_FALSE(parse(deep, root, failure));
  EXPECT_EQ(failure.line, 1);
  EXPECT_EQ(failure.column, limits::kMaxNestingDepth + 1);
  EXPECT_NE(failure.message.find("nesting deeper than 256 levels (the nesting depth limit"), std::string::npos)
      << failure.message;
  std::string objects;
  for (int i = 0; i < 300000; ++i) objects += "{\"a\":";
  ASSERT_FALSE(parse(objects, root, failure));
  EXPECT_NE(failure.message.find("nesting depth limit"), std::string::npos) << failure.message;
  // At the limit itself the tree is built.
  std::string at_limit = std::string(limits::kMaxNestingDepth, '[') + "1" + std::string(limits::kMaxNestingDepth, ']');
  EXPECT_TRUE(parse(at_limit, root, failure)) << failure.message;
}

TEST(LocatedJson, DuplicateKeysAreFoundWithBothPlacesAndThePointer) {
  Node root;
  ParseFailure failure;
  const char* text =
      "{\"PORT\": {\n  \"Ethernet0\": {\"speed\": \"1\", \"mtu\": \"9100\",\n    \"speed\": \"2\"}},\n"
      " \"a/b\": [{\"x\": 1, \"x\": 2, \"x\": 3}], \"PORT\": {}}";
  ASSERT_TRUE(parse(text, root, failure)) << failure.message;
  std::vector<DuplicateKey> d = duplicateKeys(root);
  ASSERT_EQ(d.size(), 4u);
  EXPECT_EQ(d[0].pointer, "/PORT");  // the root's own duplicate first, then inside its members
  EXPECT_EQ(d[0].line, 4);
  EXPECT_EQ(d[0].first_line, 1);
  EXPECT_EQ(d[0].first_column, 10);
  EXPECT_EQ(d[1].pointer, "/PORT/Ethernet0/speed");
  EXPECT_EQ(d[1].line, 3);
  EXPECT_EQ(d[1].column, 14);
  EXPECT_EQ(d[1].first_line, 2);
  EXPECT_EQ(d[1].first_column, 26);
  EXPECT_EQ(d[2].pointer, "/a~1b/0/x");  // the second and third both name the first
  EXPECT_EQ(d[3].pointer, "/a~1b/0/x");
  EXPECT_EQ(d[2].first_column, d[3].first_column);
  EXPECT_TRUE(duplicateKeys(Node{}).empty());
}

TEST(LocatedJson, EscapedNulInAValueOrKeyIsReadAsReplacementAndFound) {
  Node root;
  ParseFailure failure;
  // Each is found at its value: "x\u0000y" at 1:7, the 1 of the key "a\u0000" at 1:30, "\u0000" at 2:14.
  const char* text = "{\"k\": \"x\\u0000y\", \"a\\u0000\": 1,\n \"l\": [\"ok\", \"\\u0000\"], \"m\": \"plain\"}";
  ASSERT_TRUE(parse(text, root, failure)) << failure.message;
  EXPECT_EQ(root.members[0].second.text, "x\xEF\xBF\xBDy");
  EXPECT_EQ(root.members[1].first, "a\xEF\xBF\xBD");
  std::vector<EscapedNul> n = escapedNuls(root);
  ASSERT_EQ(n.size(), 3u);
  EXPECT_EQ(n[0].pointer, "/k");
  EXPECT_EQ(n[0].line, 1);
  EXPECT_EQ(n[0].column, 7);
  EXPECT_EQ(n[1].pointer, "/a\xEF\xBF\xBD");
  EXPECT_EQ(n[1].column, 30);
  EXPECT_EQ(n[2].pointer, "/l/1");
  EXPECT_EQ(n[2].line, 2);
  EXPECT_EQ(n[2].column, 14);
  Node plain;
  ASSERT_TRUE(parse(R"({"a": ["b", {"c": "d"}]})", plain, failure));
  EXPECT_TRUE(escapedNuls(plain).empty());
}

}  // namespace
}  // namespace rocelint::json
