#include "state/state_format.hpp"

#include <charconv>

#include "state/eos_show.hpp"
#include "state/frr_routes.hpp"
#include "state/junos_show.hpp"
#include "state/sonic_redis_dump.hpp"

namespace rocelint::state {

std::optional<std::uint64_t> parseCount(const std::string& text) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || text.empty()) return std::nullopt;
  return value;
}

void merge(StateReading reading, SwitchState& into, const std::string& switch_name, std::vector<InputNote>& notes,
           std::map<std::string, int>& not_read) {
  for (auto& [name, port] : reading.state.ports) {
    PortState& target = into.ports[name];
    if (port.src.known()) target.src = port.src;
    for (std::size_t p = 0; p < 8; ++p) {
      if (port.pfc_rx_frames[p]) target.pfc_rx_frames[p] = port.pfc_rx_frames[p];
      if (port.pfc_tx_frames[p]) target.pfc_tx_frames[p] = port.pfc_tx_frames[p];
    }
    if (port.pfc_rx_frames_total) target.pfc_rx_frames_total = port.pfc_rx_frames_total;
    if (port.pfc_tx_frames_total) target.pfc_tx_frames_total = port.pfc_tx_frames_total;
    for (auto& [i, pg] : port.pgs) {
      PgState& t = target.pgs[i];
      if (pg.src.known()) t.src = pg.src;
      if (pg.headroom_watermark_bytes) t.headroom_watermark_bytes = pg.headroom_watermark_bytes;
      if (pg.shared_watermark_bytes) t.shared_watermark_bytes = pg.shared_watermark_bytes;
      if (pg.dropped_packets) t.dropped_packets = pg.dropped_packets;
    }
    for (auto& [i, q] : port.queues) {
      QueueState& t = target.queues[i];
      if (q.src.known()) t.src = q.src;
      t.multicast = t.multicast || q.multicast;
      if (q.packets) t.packets = q.packets;
      if (q.dropped_packets) t.dropped_packets = q.dropped_packets;
      if (q.ecn_marked_packets) t.ecn_marked_packets = q.ecn_marked_packets;
      if (q.voq_dropped_packets) t.voq_dropped_packets = q.voq_dropped_packets;
      if (q.wd_storms_detected) t.wd_storms_detected = q.wd_storms_detected;
      if (q.wd_storms_restored) t.wd_storms_restored = q.wd_storms_restored;
      if (q.wd_status) t.wd_status = q.wd_status;
    }
  }
  if (reading.state.has_routes) {
    into.has_routes = true;
    for (InstalledRoute& r : reading.state.routes) into.routes.push_back(std::move(r));
  }
  for (InputNote& note : reading.notes) {
    note.switch_name = switch_name;
    notes.push_back(std::move(note));
  }
  for (auto& [what, n] : reading.not_read) not_read[what] += n;
}

namespace {

class StateDocument : public format::Document {
 public:
  explicit StateDocument(StateReading r) : reading(std::move(r)) {}
  StateReading reading;
};

void readState(const format::Document& document, SwitchState& state, const std::string& switch_name,
               format::BuildOutput& out) {
  merge(static_cast<const StateDocument&>(document).reading, state, switch_name, out.notes, out.out_of_scope);
}

}  // namespace

const format::Format& redisDumpFormat() {
  static const format::Format format{
      .name = "SONiC Redis dump",
      .role = format::Role::State,
      .content = format::Content::Json,
      .recognise = [](const format::Input& input) { return looksLikeRedisDump(input.json()); },
      .parse = [](const format::Input& input) -> std::unique_ptr<format::Document> {
        return std::make_unique<StateDocument>(readRedisDump(input.json(), input.file()));
      },
      .hostname = [](const format::Document&) -> std::optional<std::string> { return std::nullopt; },
      .read_state = readState,
  };
  return format;
}

const format::Format& frrRoutesFormat() {
  static const format::Format format{
      .name = "FRR routes",
      .role = format::Role::State,
      .content = format::Content::Json,
      .recognise = [](const format::Input& input) { return looksLikeFrrRoutes(input.json()); },
      .parse = [](const format::Input& input) -> std::unique_ptr<format::Document> {
        return std::make_unique<StateDocument>(readFrrRoutes(input.json(), input.file()));
      },
      .hostname = [](const format::Document&) -> std::optional<std::string> { return std::nullopt; },
      .read_state = readState,
  };
  return format;
}

const format::Format& eosShowFormat() {
  static const format::Format format{
      .name = "Arista EOS show output",
      .role = format::Role::State,
      .content = format::Content::Json,
      .recognise = [](const format::Input& input) { return eosShowCommand(input.json()) != nullptr; },
      .parse = [](const format::Input& input) -> std::unique_ptr<format::Document> {
        return std::make_unique<StateDocument>(readEosShow(input.json(), input.file()));
      },
      .hostname = [](const format::Document&) -> std::optional<std::string> { return std::nullopt; },
      .read_state = readState,
  };
  return format;
}

const format::Format& junosShowFormat() {
  static const format::Format format{
      .name = "Junos show output",
      .role = format::Role::State,
      .content = format::Content::Text,
      .recognise = [](const format::Input& input) { return junosShowCommand(input.text()) != nullptr; },
      .parse = [](const format::Input& input) -> std::unique_ptr<format::Document> {
        return std::make_unique<StateDocument>(readJunosShow(input.text(), input.file()));
      },
      .hostname = [](const format::Document&) -> std::optional<std::string> { return std::nullopt; },
      .read_state = readState,
  };
  return format;
}

const format::Format& stateDbFormat() {
  static const format::Format format{
      .name = "SONiC STATE_DB dump",
      .role = format::Role::State,
      .content = format::Content::Json,
      .recognise = [](const format::Input& input) { return looksLikeStateDb(input.json()); },
      .parse = [](const format::Input& input) -> std::unique_ptr<format::Document> {
        return std::make_unique<StateDocument>(readStateDb(input.json()));
      },
      .hostname = [](const format::Document&) -> std::optional<std::string> { return std::nullopt; },
      .read_state = readState,
  };
  return format;
}

}  // namespace rocelint::state
