#include <gtest/gtest.h>

#include "located_json.hpp"

namespace rocelint::json {
namespace {

TEST(LocatedJson, RecordsLineOfEveryValue) {
  const char* text = "{\n  \"PORT\": {\n    \"Ethernet0\": {\n      \"speed\": \"100000\",\n      \"mtu\": 9100\n    }\n  }\n}\n";
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

}  // namespace
}  // namespace rocelint::json
