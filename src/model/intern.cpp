#include "rocelint/intern.hpp"

#include <array>
#include <atomic>
#include <bit>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

namespace rocelint {
namespace {

// Ids are (index << kShardBits) | shard: shards keep parser threads off one lock, and a shard's
// strings live in segments that never move (segment k holds kFirst << k strings), so reading
// needs only the segment pointer.
constexpr unsigned kShardBits = 4;
constexpr std::uint32_t kShards = 1U << kShardBits;
constexpr unsigned kFirstBits = 8;
constexpr std::uint32_t kFirst = 1U << kFirstBits;
constexpr std::size_t kSegments = 32 - kShardBits - kFirstBits + 1;  // covers every 28-bit index

using Segments = std::array<std::atomic<std::string*>, kSegments>;
// Written under the shard's lock before an id in that segment exists; read without a lock.
constinit std::array<Segments, kShards> g_segments{};

const std::string kEmpty;

struct Slot {
  std::uint32_t segment;
  std::uint32_t offset;
};

Slot slotOf(std::uint32_t index) {
  std::uint32_t segment = static_cast<std::uint32_t>(std::bit_width((index >> kFirstBits) + 1)) - 1;
  return {segment, index + kFirst - (kFirst << segment)};
}

// A stored string's view with its hash, so the hash is computed once per intern call.
struct Key {
  std::string_view text;
  std::size_t hash;
};
struct KeyHash {
  std::size_t operator()(const Key& key) const { return key.hash; }
};
struct KeyEqual {
  bool operator()(const Key& a, const Key& b) const { return a.text == b.text; }
};

struct Shard {
  std::mutex mutex;
  std::unordered_map<Key, std::uint32_t, KeyHash, KeyEqual> ids;  // views into the stored strings
  std::uint32_t count = 0;                                        // strings stored
  std::array<std::unique_ptr<std::string[]>, kSegments> owned;
};

std::array<Shard, kShards>& shards() {
  // Never destroyed: a SourceRef in any static may still be read at exit, and freeing every
  // string of a large fabric at exit is time for nothing.
  static auto* table = std::make_unique<std::array<Shard, kShards>>().release();
  return *table;
}

// Per thread, the ids of recently interned strings by hash: a parser interns the same JSON
// pointers for every switch it reads, and a hit needs neither the lock nor the shard's map.
struct Cached {
  std::size_t hash = 0;
  std::uint32_t id = 0;
};
constexpr std::size_t kCacheSize = std::size_t{1} << 13;
thread_local std::array<Cached, kCacheSize> t_recent{};

}  // namespace

std::uint32_t StringTable::intern(std::string_view text) {
  if (text.empty()) return 0;
  std::size_t hash = std::hash<std::string_view>{}(text);
  Cached& recent = t_recent[hash & (kCacheSize - 1)];
  if (recent.id != 0 && recent.hash == hash && StringTable::text(recent.id) == text) return recent.id;
  std::uint32_t s = static_cast<std::uint32_t>(hash >> 40) & (kShards - 1);
  Shard& shard = shards()[s];
  std::lock_guard lock(shard.mutex);
  auto found = shard.ids.find(Key{text, hash});
  if (found != shard.ids.end()) {
    recent = {hash, found->second};
    return found->second;
  }
  std::uint32_t index = shard.count + (s == 0 ? 1 : 0);  // id 0 is the empty string
  if (index >= (1U << (32 - kShardBits))) throw std::length_error("string table full");
  Slot slot = slotOf(index);
  if (!shard.owned[slot.segment]) {
    shard.owned[slot.segment] = std::make_unique<std::string[]>(std::size_t{kFirst} << slot.segment);
    g_segments[s][slot.segment].store(shard.owned[slot.segment].get(), std::memory_order_release);
  }
  std::string& stored = shard.owned[slot.segment][slot.offset];
  stored.assign(text);
  ++shard.count;
  std::uint32_t id = (index << kShardBits) | s;
  shard.ids.emplace(Key{std::string_view(stored), hash}, id);
  recent = {hash, id};
  return id;
}

const std::string& StringTable::text(std::uint32_t id) {
  if (id == 0) return kEmpty;
  Slot slot = slotOf(id >> kShardBits);
  return g_segments[id & (kShards - 1)][slot.segment].load(std::memory_order_acquire)[slot.offset];
}

std::size_t StringTable::size() {
  std::size_t n = 0;
  for (Shard& shard : shards()) {
    std::lock_guard lock(shard.mutex);
    n += shard.count;
  }
  return n + 1;  // and the empty string
}

}  // namespace rocelint
