#include "json_text.hpp"

#include <boost/json/serialize.hpp>

#include <charconv>
#include <cmath>

namespace qrt::cli {

void append_json_text(const boost::json::value& value, std::string& out) {
  switch (value.kind()) {
    case boost::json::kind::double_: {
      const double d = value.get_double();
      if (!std::isfinite(d)) {
        out += "null";
        return;
      }
      char text[32];
      out.append(text, std::to_chars(text, text + sizeof text, d).ptr);
      return;
    }
    case boost::json::kind::object: {
      out += '{';
      bool first = true;
      for (const auto& member : value.get_object()) {
        if (!first) out += ',';
        first = false;
        out += boost::json::serialize(boost::json::string(member.key()));
        out += ':';
        append_json_text(member.value(), out);
      }
      out += '}';
      return;
    }
    case boost::json::kind::array: {
      out += '[';
      bool first = true;
      for (const auto& element : value.get_array()) {
        if (!first) out += ',';
        first = false;
        append_json_text(element, out);
      }
      out += ']';
      return;
    }
    default: out += boost::json::serialize(value);  // strings, integers, booleans, null
  }
}

std::string json_text(const boost::json::value& value) {
  std::string out;
  append_json_text(value, out);
  return out;
}

}  // namespace qrt::cli
