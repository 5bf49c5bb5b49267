// rocelint-fabricgen OUT_DIR --spines N --leaves N --hosts-per-leaf N: writes a synthetic fabric.

#include <CLI/CLI.hpp>
#include <iostream>

#include "fabric_gen.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Writes a synthetic SONiC leaf-spine RoCE fabric (one config_db.json per switch)"};
  std::string out;
  rocelint::bench::FabricShape shape;
  app.add_option("out", out, "Output directory")->required();
  app.add_option("--spines", shape.spines)->capture_default_str();
  app.add_option("--leaves", shape.leaves)->capture_default_str();
  app.add_option("--hosts-per-leaf", shape.hosts_per_leaf)->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  std::cout << rocelint::bench::writeLeafSpine(out, shape) << " switches written to " << out << '\n';
  return 0;
}
