// Jacobi eigensolver: known spectra, degenerate spectra, and A V = V D with V unitary on random
// Hermitian matrices up to 64 x 64.
#include "observables/hermitian_eigen.hpp"
#include "reference.hpp"

using qrt::sv::eigen_hermitian;
using Complex = std::complex<double>;

namespace {

// max |A V - V D| and max |V^H V - I|
void check_decomposition(const std::vector<Complex>& a, std::size_t dim, double tolerance) {
  const auto eigen = eigen_hermitian(a, dim);
  REQUIRE(eigen.values.size() == dim);
  for (std::size_t k = 1; k < dim; ++k) CHECK(eigen.values[k - 1] <= eigen.values[k]);
  double residual = 0.0, orthogonality = 0.0;
  for (std::size_t r = 0; r < dim; ++r) {
    for (std::size_t k = 0; k < dim; ++k) {
      Complex av = 0.0;
      for (std::size_t c = 0; c < dim; ++c) av += a[r * dim + c] * eigen.vectors[c * dim + k];
      residual = std::max(residual, std::abs(av - eigen.values[k] * eigen.vectors[r * dim + k]));
      Complex gram = 0.0;
      for (std::size_t c = 0; c < dim; ++c) gram += std::conj(eigen.vectors[c * dim + r]) * eigen.vectors[c * dim + k];
      orthogonality = std::max(orthogonality, std::abs(gram - (r == k ? 1.0 : 0.0)));
    }
  }
  CHECK(residual < tolerance);
  CHECK(orthogonality < tolerance);
}

}  // namespace

TEST_CASE("eigenvalues of Pauli matrices and a complex 2x2", "[eigen]") {
  for (char letter : {'X', 'Y', 'Z', 'H'}) {
    const auto eigen = eigen_hermitian(reference::pauli_matrix(letter).a, 2);
    CHECK(eigen.values[0] == Approx(-1.0));
    CHECK(eigen.values[1] == Approx(1.0));
    check_decomposition(reference::pauli_matrix(letter).a, 2, 1e-14);
  }
  // [[1, 2i], [-2i, 1]] has eigenvalues -1 and 3.
  const std::vector<Complex> m = {1.0, Complex(0, 2), Complex(0, -2), 1.0};
  const auto eigen = eigen_hermitian(m, 2);
  CHECK(eigen.values[0] == Approx(-1.0));
  CHECK(eigen.values[1] == Approx(3.0));
  check_decomposition(m, 2, 1e-14);
}

TEST_CASE("degenerate and diagonal spectra", "[eigen]") {
  const std::vector<Complex> identity = reference::identity(4).a;
  const auto eigen = eigen_hermitian(identity, 4);
  for (double v : eigen.values) CHECK(v == Approx(1.0));
  check_decomposition(identity, 4, 1e-14);

  // A unitary conjugation of diag(2, -1, 2, -1) keeps its spectrum.
  const double s = 1.0 / std::sqrt(2.0);
  const auto mixed = reference::multiply(reference::multiply(reference::embed({s, s, s, -s}, {0}, 2),
                                                             {4, {2, 0, 0, 0, 0, -1, 0, 0, 0, 0, 2, 0, 0, 0, 0, -1}}),
                                         reference::embed({s, s, s, -s}, {0}, 2));
  const auto mixed_eigen = eigen_hermitian(mixed.a, 4);
  CHECK(mixed_eigen.values[0] == Approx(-1.0));
  CHECK(mixed_eigen.values[1] == Approx(-1.0));
  CHECK(mixed_eigen.values[2] == Approx(2.0));
  CHECK(mixed_eigen.values[3] == Approx(2.0));
  check_decomposition(mixed.a, 4, 1e-13);
}

TEST_CASE("random Hermitian matrices decompose accurately", "[eigen]") {
  std::mt19937_64 rng(555);
  for (std::size_t m = 0; m <= 6; ++m) {
    const std::size_t dim = std::size_t{1} << m;
    INFO("dim = " << dim);
    const auto a = reference::random_hermitian(m, rng);
    check_decomposition(a, dim, 1e-11);
    // The trace is the sum of the eigenvalues.
    const auto eigen = eigen_hermitian(a, dim);
    double trace = 0.0, sum = 0.0;
    for (std::size_t k = 0; k < dim; ++k) {
      trace += a[k * dim + k].real();
      sum += eigen.values[k];
    }
    CHECK(sum == Approx(trace).margin(1e-10));
  }
}

TEST_CASE("eigen_hermitian rejects a wrongly sized matrix", "[eigen][errors]") {
  const std::vector<Complex> three(3);
  REQUIRE_THROWS_MATCHES(eigen_hermitian(three, 2), qrt::sv::Error,
                         reference::is_error(qrt::sv::ErrorKind::InvalidArgument, {"3 entries", "2x2"}));
}
