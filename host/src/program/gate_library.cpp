// The standard gates as data: each definition below is the qelib1.inc text of the same gate (quoted in
// its comment), built with the same expression trees the OpenQASM parser would build from that text
// (tests/program/gate_library_test.cpp checks it against Qiskit's file, parsed).
#include <qrt/program/gate_library.hpp>

#include <qrt/program/program.hpp>

#include <algorithm>
#include <initializer_list>
#include <numbers>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace qrt::program {
namespace {

using Op = Expression::Op;

// A parameter expression under construction. The operators combine operands into one post-order node
// list exactly as the OpenQASM parser does for the same text (C++ and OpenQASM agree on the precedence
// and associativity of + - / and unary minus), so `-pi/2` here is the parser's `-pi/2`. (qelib1.inc
// multiplies nothing, so there is no operator*.)
class Expr {
 public:
  // Implicit on purpose: a literal such as the 2 of `lambda / 2` is a constant of the expression.
  Expr(double constant) { expression_.append({Op::Constant, {0, 0}, constant, {}}); }
  static Expr parameter(std::uint32_t index) {
    Expr e;
    e.expression_.append({Op::Parameter, {index, 0}, 0.0, {}});
    return e;
  }

  friend Expr operator-(const Expr& x) { return combine(Op::Negate, x, nullptr); }
  friend Expr operator+(const Expr& x, const Expr& y) { return combine(Op::Add, x, &y); }
  friend Expr operator-(const Expr& x, const Expr& y) { return combine(Op::Subtract, x, &y); }
  friend Expr operator/(const Expr& x, const Expr& y) { return combine(Op::Divide, x, &y); }

  const Expression& expression() const noexcept { return expression_; }

 private:
  Expr() = default;

  // Appends `from`'s nodes to `to`, operand indices shifted by what `to` held before; returns the root.
  static std::uint32_t append_all(Expression& to, const Expression& from) {
    const auto shift = static_cast<std::uint32_t>(to.nodes().size());
    std::uint32_t root = 0;
    for (Expression::Node node : from.nodes()) {
      if (node.op != Op::Constant && node.op != Op::Parameter) {
        node.operand[0] += shift;
        if (node.op >= Op::Add && node.op <= Op::Power) node.operand[1] += shift;
      }
      root = to.append(node);
    }
    return root;
  }

  static Expr combine(Op op, const Expr& x, const Expr* y) {
    Expr result;
    const std::uint32_t lhs = append_all(result.expression_, x.expression_);
    const std::uint32_t rhs = y ? append_all(result.expression_, y->expression_) : 0;
    result.expression_.append({op, {lhs, rhs}, 0.0, {}});
    return result;
  }

  Expression expression_;
};

const Expr pi = std::numbers::pi;
Expr p(std::uint32_t index) { return Expr::parameter(index); }

// One call of a body, as written: gate name, argument expressions, formal qubit indices.
struct Call {
  std::string_view gate;
  std::vector<Expr> params;
  std::vector<std::uint32_t> qubits;
};

// Formal qubits by position; the names are the ones qelib1.inc gives them.
constexpr std::uint32_t a = 0, b = 1, c = 2, d = 3, e = 4;

class Library {
 public:
  Library() {
    add(primitive("U", {"theta", "phi", "lambda"}, {"q"}));
    add(primitive("CX", {}, {"c", "t"}));
  }

  // `gate name(params) qubits { body }`. Callees must be defined before; a mistake here is a bug of
  // this file, found by the first use of the library (every test touches it).
  void define(std::string name, std::vector<std::string> params, std::vector<std::string> qubits,
              std::initializer_list<Call> body) {
    GateDefinition gate;
    gate.name = std::move(name);
    gate.kind = GateKind::Defined;
    gate.params = std::move(params);
    gate.qubits = std::move(qubits);
    gate.builtin = true;
    std::uint32_t depth = 0;
    for (const Call& call : body) {
      const std::optional<std::uint32_t> callee = find(call.gate);
      if (!callee)
        throw std::logic_error("standard gate '" + gate.name + "' calls the undefined '" + std::string(call.gate) +
                               "'");
      const GateDefinition& definition = gates_[*callee];
      if (call.params.size() != definition.params.size() || call.qubits.size() != definition.qubits.size())
        throw std::logic_error("standard gate '" + gate.name + "' calls '" + definition.name +
                               "' with the wrong arity");
      GateCall out;
      out.gate = *callee;
      for (const Expr& param : call.params) out.params.push_back(param.expression());
      out.qubits = call.qubits;
      gate.body.push_back(std::move(out));
      depth = std::max(depth, definition.depth);
    }
    gate.depth = depth + 1;
    add(std::move(gate));
  }

  std::optional<std::uint32_t> find(std::string_view name) const noexcept {
    const auto it = std::find_if(gates_.begin(), gates_.end(), [&](const GateDefinition& g) { return g.name == name; });
    if (it == gates_.end()) return std::nullopt;
    return static_cast<std::uint32_t>(it - gates_.begin());
  }

  std::vector<GateDefinition> take() && { return std::move(gates_); }

 private:
  static GateDefinition primitive(std::string name, std::vector<std::string> params, std::vector<std::string> qubits) {
    GateDefinition gate;
    gate.name = std::move(name);
    gate.kind = GateKind::Primitive;
    gate.params = std::move(params);
    gate.qubits = std::move(qubits);
    gate.builtin = true;
    return gate;
  }
  void add(GateDefinition gate) { gates_.push_back(std::move(gate)); }

  std::vector<GateDefinition> gates_;
};

std::vector<GateDefinition> build() {
  Library lib;
  // --- QE Hardware primitives ---
  {  // gate u3(theta,phi,lambda) q { U(theta,phi,lambda) q; }
    const Expr theta = p(0), phi = p(1), lambda = p(2);
    lib.define("u3", {"theta", "phi", "lambda"}, {"q"}, {{"U", {theta, phi, lambda}, {a}}});
  }
  {  // gate u2(phi,lambda) q { U(pi/2,phi,lambda) q; }
    const Expr phi = p(0), lambda = p(1);
    lib.define("u2", {"phi", "lambda"}, {"q"}, {{"U", {pi / 2, phi, lambda}, {a}}});
  }
  {  // gate u1(lambda) q { U(0,0,lambda) q; }
    const Expr lambda = p(0);
    lib.define("u1", {"lambda"}, {"q"}, {{"U", {0, 0, lambda}, {a}}});
  }
  // gate cx c,t { CX c,t; }
  lib.define("cx", {}, {"c", "t"}, {{"CX", {}, {a, b}}});
  // gate id a { U(0,0,0) a; }
  lib.define("id", {}, {"a"}, {{"U", {0, 0, 0}, {a}}});
  // gate u0(gamma) q { U(0,0,0) q; }
  lib.define("u0", {"gamma"}, {"q"}, {{"U", {0, 0, 0}, {a}}});

  // --- QE Standard Gates ---
  {  // gate u(theta,phi,lambda) q { U(theta,phi,lambda) q; }
    const Expr theta = p(0), phi = p(1), lambda = p(2);
    lib.define("u", {"theta", "phi", "lambda"}, {"q"}, {{"U", {theta, phi, lambda}, {a}}});
  }
  {  // gate p(lambda) q { U(0,0,lambda) q; }
    const Expr lambda = p(0);
    lib.define("p", {"lambda"}, {"q"}, {{"U", {0, 0, lambda}, {a}}});
  }
  lib.define("x", {}, {"a"}, {{"u3", {pi, 0, pi}, {a}}});           // gate x a { u3(pi,0,pi) a; }
  lib.define("y", {}, {"a"}, {{"u3", {pi, pi / 2, pi / 2}, {a}}});  // gate y a { u3(pi,pi/2,pi/2) a; }
  lib.define("z", {}, {"a"}, {{"u1", {pi}, {a}}});                  // gate z a { u1(pi) a; }
  lib.define("h", {}, {"a"}, {{"u2", {0, pi}, {a}}});               // gate h a { u2(0,pi) a; }
  lib.define("s", {}, {"a"}, {{"u1", {pi / 2}, {a}}});              // gate s a { u1(pi/2) a; }
  lib.define("sdg", {}, {"a"}, {{"u1", {-pi / 2}, {a}}});           // gate sdg a { u1(-pi/2) a; }
  lib.define("t", {}, {"a"}, {{"u1", {pi / 4}, {a}}});              // gate t a { u1(pi/4) a; }
  lib.define("tdg", {}, {"a"}, {{"u1", {-pi / 4}, {a}}});           // gate tdg a { u1(-pi/4) a; }

  // --- Standard rotations ---
  {  // gate rx(theta) a { u3(theta, -pi/2,pi/2) a; }
    const Expr theta = p(0);
    lib.define("rx", {"theta"}, {"a"}, {{"u3", {theta, -pi / 2, pi / 2}, {a}}});
  }
  {  // gate ry(theta) a { u3(theta,0,0) a; }
    const Expr theta = p(0);
    lib.define("ry", {"theta"}, {"a"}, {{"u3", {theta, 0, 0}, {a}}});
  }
  {  // gate rz(phi) a { u1(phi) a; }
    const Expr phi = p(0);
    lib.define("rz", {"phi"}, {"a"}, {{"u1", {phi}, {a}}});
  }

  // --- QE Standard User-Defined Gates ---
  // gate sx a { sdg a; h a; sdg a; }
  lib.define("sx", {}, {"a"}, {{"sdg", {}, {a}}, {"h", {}, {a}}, {"sdg", {}, {a}}});
  // gate sxdg a { s a; h a; s a; }
  lib.define("sxdg", {}, {"a"}, {{"s", {}, {a}}, {"h", {}, {a}}, {"s", {}, {a}}});
  // gate cz a,b { h b; cx a,b; h b; }
  lib.define("cz", {}, {"a", "b"}, {{"h", {}, {b}}, {"cx", {}, {a, b}}, {"h", {}, {b}}});
  // gate cy a,b { sdg b; cx a,b; s b; }
  lib.define("cy", {}, {"a", "b"}, {{"sdg", {}, {b}}, {"cx", {}, {a, b}}, {"s", {}, {b}}});
  // gate swap a,b { cx a,b; cx b,a; cx a,b; }
  lib.define("swap", {}, {"a", "b"}, {{"cx", {}, {a, b}}, {"cx", {}, {b, a}}, {"cx", {}, {a, b}}});
  // gate ch a,b { h b; sdg b; cx a,b; h b; t b; cx a,b; t b; h b; s b; x b; s a; }
  lib.define("ch", {}, {"a", "b"},
             {{"h", {}, {b}},
              {"sdg", {}, {b}},
              {"cx", {}, {a, b}},
              {"h", {}, {b}},
              {"t", {}, {b}},
              {"cx", {}, {a, b}},
              {"t", {}, {b}},
              {"h", {}, {b}},
              {"s", {}, {b}},
              {"x", {}, {b}},
              {"s", {}, {a}}});
  // gate ccx a,b,c { h c; cx b,c; tdg c; cx a,c; t c; cx b,c; tdg c; cx a,c; t b; t c; h c;
  //                  cx a,b; t a; tdg b; cx a,b; }
  lib.define("ccx", {}, {"a", "b", "c"},
             {{"h", {}, {c}},
              {"cx", {}, {b, c}},
              {"tdg", {}, {c}},
              {"cx", {}, {a, c}},
              {"t", {}, {c}},
              {"cx", {}, {b, c}},
              {"tdg", {}, {c}},
              {"cx", {}, {a, c}},
              {"t", {}, {b}},
              {"t", {}, {c}},
              {"h", {}, {c}},
              {"cx", {}, {a, b}},
              {"t", {}, {a}},
              {"tdg", {}, {b}},
              {"cx", {}, {a, b}}});
  // gate cswap a,b,c { cx c,b; ccx a,b,c; cx c,b; }
  lib.define("cswap", {}, {"a", "b", "c"}, {{"cx", {}, {c, b}}, {"ccx", {}, {a, b, c}}, {"cx", {}, {c, b}}});
  {  // gate crx(lambda) a,b { u1(pi/2) b; cx a,b; u3(-lambda/2,0,0) b; cx a,b; u3(lambda/2,-pi/2,0) b; }
    const Expr lambda = p(0);
    lib.define("crx", {"lambda"}, {"a", "b"},
               {{"u1", {pi / 2}, {b}},
                {"cx", {}, {a, b}},
                {"u3", {-lambda / 2, 0, 0}, {b}},
                {"cx", {}, {a, b}},
                {"u3", {lambda / 2, -pi / 2, 0}, {b}}});
  }
  {  // gate cry(lambda) a,b { u3(lambda/2,0,0) b; cx a,b; u3(-lambda/2,0,0) b; cx a,b; }
    const Expr lambda = p(0);
    lib.define(
        "cry", {"lambda"}, {"a", "b"},
        {{"u3", {lambda / 2, 0, 0}, {b}}, {"cx", {}, {a, b}}, {"u3", {-lambda / 2, 0, 0}, {b}}, {"cx", {}, {a, b}}});
  }
  {  // gate crz(lambda) a,b { u1(lambda/2) b; cx a,b; u1(-lambda/2) b; cx a,b; }
    const Expr lambda = p(0);
    lib.define("crz", {"lambda"}, {"a", "b"},
               {{"u1", {lambda / 2}, {b}}, {"cx", {}, {a, b}}, {"u1", {-lambda / 2}, {b}}, {"cx", {}, {a, b}}});
  }
  {  // gate cu1(lambda) a,b { u1(lambda/2) a; cx a,b; u1(-lambda/2) b; cx a,b; u1(lambda/2) b; }
    const Expr lambda = p(0);
    lib.define("cu1", {"lambda"}, {"a", "b"},
               {{"u1", {lambda / 2}, {a}},
                {"cx", {}, {a, b}},
                {"u1", {-lambda / 2}, {b}},
                {"cx", {}, {a, b}},
                {"u1", {lambda / 2}, {b}}});
  }
  {  // gate cp(lambda) a,b { p(lambda/2) a; cx a,b; p(-lambda/2) b; cx a,b; p(lambda/2) b; }
    const Expr lambda = p(0);
    lib.define("cp", {"lambda"}, {"a", "b"},
               {{"p", {lambda / 2}, {a}},
                {"cx", {}, {a, b}},
                {"p", {-lambda / 2}, {b}},
                {"cx", {}, {a, b}},
                {"p", {lambda / 2}, {b}}});
  }
  {  // gate cu3(theta,phi,lambda) c, t { u1((lambda+phi)/2) c; u1((lambda-phi)/2) t; cx c,t;
     //   u3(-theta/2,0,-(phi+lambda)/2) t; cx c,t; u3(theta/2,phi,0) t; }
    const Expr theta = p(0), phi = p(1), lambda = p(2);
    lib.define("cu3", {"theta", "phi", "lambda"}, {"c", "t"},
               {{"u1", {(lambda + phi) / 2}, {a}},
                {"u1", {(lambda - phi) / 2}, {b}},
                {"cx", {}, {a, b}},
                {"u3", {-theta / 2, 0, -(phi + lambda) / 2}, {b}},
                {"cx", {}, {a, b}},
                {"u3", {theta / 2, phi, 0}, {b}}});
  }
  // gate csx a,b { h b; cu1(pi/2) a,b; h b; }
  lib.define("csx", {}, {"a", "b"}, {{"h", {}, {b}}, {"cu1", {pi / 2}, {a, b}}, {"h", {}, {b}}});
  {  // gate cu(theta,phi,lambda,gamma) c, t { p(gamma) c; p((lambda+phi)/2) c; p((lambda-phi)/2) t; cx c,t;
     //   u(-theta/2,0,-(phi+lambda)/2) t; cx c,t; u(theta/2,phi,0) t; }
    const Expr theta = p(0), phi = p(1), lambda = p(2), gamma = p(3);
    lib.define("cu", {"theta", "phi", "lambda", "gamma"}, {"c", "t"},
               {{"p", {gamma}, {a}},
                {"p", {(lambda + phi) / 2}, {a}},
                {"p", {(lambda - phi) / 2}, {b}},
                {"cx", {}, {a, b}},
                {"u", {-theta / 2, 0, -(phi + lambda) / 2}, {b}},
                {"cx", {}, {a, b}},
                {"u", {theta / 2, phi, 0}, {b}}});
  }
  {  // gate rxx(theta) a,b { u3(pi/2, theta, 0) a; h b; cx a,b; u1(-theta) b; cx a,b; h b;
     //   u2(-pi, pi-theta) a; }
    const Expr theta = p(0);
    lib.define("rxx", {"theta"}, {"a", "b"},
               {{"u3", {pi / 2, theta, 0}, {a}},
                {"h", {}, {b}},
                {"cx", {}, {a, b}},
                {"u1", {-theta}, {b}},
                {"cx", {}, {a, b}},
                {"h", {}, {b}},
                {"u2", {-pi, pi - theta}, {a}}});
  }
  {  // gate rzz(theta) a,b { cx a,b; u1(theta) b; cx a,b; }
    const Expr theta = p(0);
    lib.define("rzz", {"theta"}, {"a", "b"}, {{"cx", {}, {a, b}}, {"u1", {theta}, {b}}, {"cx", {}, {a, b}}});
  }
  // gate rccx a,b,c { u2(0,pi) c; u1(pi/4) c; cx b, c; u1(-pi/4) c; cx a, c; u1(pi/4) c; cx b, c;
  //                   u1(-pi/4) c; u2(0,pi) c; }
  lib.define("rccx", {}, {"a", "b", "c"},
             {{"u2", {0, pi}, {c}},
              {"u1", {pi / 4}, {c}},
              {"cx", {}, {b, c}},
              {"u1", {-pi / 4}, {c}},
              {"cx", {}, {a, c}},
              {"u1", {pi / 4}, {c}},
              {"cx", {}, {b, c}},
              {"u1", {-pi / 4}, {c}},
              {"u2", {0, pi}, {c}}});
  // gate rc3x a,b,c,d { u2(0,pi) d; u1(pi/4) d; cx c,d; u1(-pi/4) d; u2(0,pi) d; cx a,d; u1(pi/4) d;
  //   cx b,d; u1(-pi/4) d; cx a,d; u1(pi/4) d; cx b,d; u1(-pi/4) d; u2(0,pi) d; u1(pi/4) d; cx c,d;
  //   u1(-pi/4) d; u2(0,pi) d; }
  lib.define("rc3x", {}, {"a", "b", "c", "d"},
             {{"u2", {0, pi}, {d}},
              {"u1", {pi / 4}, {d}},
              {"cx", {}, {c, d}},
              {"u1", {-pi / 4}, {d}},
              {"u2", {0, pi}, {d}},
              {"cx", {}, {a, d}},
              {"u1", {pi / 4}, {d}},
              {"cx", {}, {b, d}},
              {"u1", {-pi / 4}, {d}},
              {"cx", {}, {a, d}},
              {"u1", {pi / 4}, {d}},
              {"cx", {}, {b, d}},
              {"u1", {-pi / 4}, {d}},
              {"u2", {0, pi}, {d}},
              {"u1", {pi / 4}, {d}},
              {"cx", {}, {c, d}},
              {"u1", {-pi / 4}, {d}},
              {"u2", {0, pi}, {d}}});
  // gate c3x a,b,c,d { h d; cu1(-pi/4) a,d; h d; cx a,b; h d; cu1(pi/4) b,d; h d; cx a,b;
  //   h d; cu1(-pi/4) b,d; h d; cx b,c; h d; cu1(pi/4) c,d; h d; cx a,c; h d; cu1(-pi/4) c,d; h d;
  //   cx b,c; h d; cu1(pi/4) c,d; h d; cx a,c; h d; cu1(-pi/4) c,d; h d; }
  lib.define("c3x", {}, {"a", "b", "c", "d"},
             {{"h", {}, {d}}, {"cu1", {-pi / 4}, {a, d}}, {"h", {}, {d}}, {"cx", {}, {a, b}},
              {"h", {}, {d}}, {"cu1", {pi / 4}, {b, d}},  {"h", {}, {d}}, {"cx", {}, {a, b}},
              {"h", {}, {d}}, {"cu1", {-pi / 4}, {b, d}}, {"h", {}, {d}}, {"cx", {}, {b, c}},
              {"h", {}, {d}}, {"cu1", {pi / 4}, {c, d}},  {"h", {}, {d}}, {"cx", {}, {a, c}},
              {"h", {}, {d}}, {"cu1", {-pi / 4}, {c, d}}, {"h", {}, {d}}, {"cx", {}, {b, c}},
              {"h", {}, {d}}, {"cu1", {pi / 4}, {c, d}},  {"h", {}, {d}}, {"cx", {}, {a, c}},
              {"h", {}, {d}}, {"cu1", {-pi / 4}, {c, d}}, {"h", {}, {d}}});
  // Corrected (see gate_library.hpp): the C3X construction with cu1 rotations of +-pi/8 instead of -+pi/4.
  // gate c3sqrtx a,b,c,d { h d; cu1(pi/8) a,d; h d; cx a,b; h d; cu1(-pi/8) b,d; h d; cx a,b;
  //   h d; cu1(pi/8) b,d; h d; cx b,c; h d; cu1(-pi/8) c,d; h d; cx a,c; h d; cu1(pi/8) c,d; h d;
  //   cx b,c; h d; cu1(-pi/8) c,d; h d; cx a,c; h d; cu1(pi/8) c,d; h d; }
  lib.define("c3sqrtx", {}, {"a", "b", "c", "d"},
             {{"h", {}, {d}}, {"cu1", {pi / 8}, {a, d}},  {"h", {}, {d}}, {"cx", {}, {a, b}},
              {"h", {}, {d}}, {"cu1", {-pi / 8}, {b, d}}, {"h", {}, {d}}, {"cx", {}, {a, b}},
              {"h", {}, {d}}, {"cu1", {pi / 8}, {b, d}},  {"h", {}, {d}}, {"cx", {}, {b, c}},
              {"h", {}, {d}}, {"cu1", {-pi / 8}, {c, d}}, {"h", {}, {d}}, {"cx", {}, {a, c}},
              {"h", {}, {d}}, {"cu1", {pi / 8}, {c, d}},  {"h", {}, {d}}, {"cx", {}, {b, c}},
              {"h", {}, {d}}, {"cu1", {-pi / 8}, {c, d}}, {"h", {}, {d}}, {"cx", {}, {a, c}},
              {"h", {}, {d}}, {"cu1", {pi / 8}, {c, d}},  {"h", {}, {d}}});
  // Corrected (see gate_library.hpp): C(SX) on e, C3X, C(SX†) on e, C3X, C3(SX) on e.
  // gate c4x a,b,c,d,e { h e; cu1(pi/2) d,e; h e; c3x a,b,c,d; h e; cu1(-pi/2) d,e; h e;
  //   c3x a,b,c,d; c3sqrtx a,b,c,e; }
  lib.define("c4x", {}, {"a", "b", "c", "d", "e"},
             {{"h", {}, {e}},
              {"cu1", {pi / 2}, {d, e}},
              {"h", {}, {e}},
              {"c3x", {}, {a, b, c, d}},
              {"h", {}, {e}},
              {"cu1", {-pi / 2}, {d, e}},
              {"h", {}, {e}},
              {"c3x", {}, {a, b, c, d}},
              {"c3sqrtx", {}, {a, b, c, e}}});
  return std::move(lib).take();
}

const std::vector<GateDefinition>& library() {
  static const std::vector<GateDefinition> gates = build();  // thread-safe static initialisation
  return gates;
}

}  // namespace

std::span<const GateDefinition> standard_gates() noexcept { return library(); }

std::optional<std::uint32_t> find_standard_gate(std::string_view name) noexcept {
  const std::vector<GateDefinition>& gates = library();
  const auto it = std::find_if(gates.begin(), gates.end(), [&](const GateDefinition& g) { return g.name == name; });
  if (it == gates.end()) return std::nullopt;
  return static_cast<std::uint32_t>(it - gates.begin());
}

}  // namespace qrt::program
