/* Time M4RI on one GF(2) system read from a file; print one line per repetition.
 *
 * Usage: harness FILE MODE REPS
 *   MODE solve   mzd_solve_left(A, b): one x with A x = b (inconsistency check on)
 *        kernel  mzd_kernel_left_pluq(A): a basis of {x : A x = 0}
 *        rref    mzd_echelonize_m4ri([A | b], full=1): the reduced echelon form of the
 *                augmented matrix, from which a solution and the kernel are read off
 *
 * FILE (written by benchmarks/m4ri/harness.py), all indices 0-based:
 *   gf2 M N              header: M rows (equations), N columns (unknowns)
 *   K c_1 ... c_K        M lines: the number of ones in the row, then their columns
 *   K r_1 ... r_K        one line: the rows where the right-hand side b is 1
 *
 * Output: "rank R", then "seconds T" per repetition (only the M4RI call is timed, on fresh
 * copies), then "check ok" when the result was verified by multiplying back (untimed).
 * Exit status 2 on bad input, 3 when verification fails, 4 when the system is inconsistent.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <m4ri/m4ri.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void die(int status, const char *what, const char *path) {
  fprintf(stderr, "harness: %s in %s\n", what, path);
  exit(status);
}

static long read_count(FILE *f, const char *path, long upper) {
  long v;
  if (fscanf(f, "%ld", &v) != 1 || v < 0 || v >= upper) die(2, "bad or missing number", path);
  return v;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s FILE solve|kernel|rref REPS\n", argv[0]);
    return 2;
  }
  const char *path = argv[1];
  const char *mode = argv[2];
  int reps = atoi(argv[3]);
  if (reps < 1) die(2, "REPS must be >= 1", "arguments");
  if (strcmp(mode, "solve") && strcmp(mode, "kernel") && strcmp(mode, "rref"))
    die(2, "MODE must be solve, kernel or rref", "arguments");

  FILE *f = fopen(path, "r");
  if (!f) die(2, strerror(errno), path);
  char tag[8];
  long m, n;
  if (fscanf(f, "%7s %ld %ld", tag, &m, &n) != 3 || strcmp(tag, "gf2") || m < 1 || n < 1)
    die(2, "bad header (expected 'gf2 M N')", path);
  mzd_t *A = mzd_init((rci_t)m, (rci_t)n);
  mzd_t *b = mzd_init((rci_t)m, 1);
  for (long i = 0; i < m; i++) {
    long k = read_count(f, path, n + 1);
    for (long j = 0; j < k; j++) mzd_write_bit(A, (rci_t)i, (rci_t)read_count(f, path, n), 1);
  }
  long k = read_count(f, path, m + 1);
  for (long j = 0; j < k; j++) mzd_write_bit(b, (rci_t)read_count(f, path, m), 0, 1);
  fclose(f);

  mzd_t *Ab = mzd_concat(NULL, A, b);
  mzd_t *E = mzd_copy(NULL, A);
  rci_t rank = mzd_echelonize_m4ri(E, 0, 0); /* untimed, for the report and the checks */
  mzd_free(E);
  printf("rank %d\n", (int)rank);

  int ok = 1;
  for (int r = 0; r < reps; r++) {
    double t0, t1;
    if (!strcmp(mode, "solve")) {
      /* mzd_solve_left wants at least as many rows as columns: pad A and b with zero rows. */
      rci_t rows = (rci_t)(m > n ? m : n);
      mzd_t *W = mzd_init(rows, (rci_t)n);
      mzd_t *X = mzd_init(rows, 1);
      mzd_t *win = mzd_init_window(W, 0, 0, (rci_t)m, (rci_t)n);
      mzd_copy(win, A);
      mzd_free_window(win);
      win = mzd_init_window(X, 0, 0, (rci_t)m, 1);
      mzd_copy(win, b);
      mzd_free_window(win);
      t0 = now();
      int status = mzd_solve_left(W, X, 0, 1);
      t1 = now();
      if (status != 0) die(4, "the system is inconsistent", path);
      mzd_t *x = mzd_submatrix(NULL, X, 0, 0, (rci_t)n, 1);
      mzd_t *Ax = mzd_mul(NULL, A, x, 0);
      if (!mzd_equal(Ax, b)) ok = 0;
      mzd_free(Ax);
      mzd_free(x);
      mzd_free(X);
      mzd_free(W);
    } else if (!strcmp(mode, "kernel")) {
      mzd_t *W = mzd_copy(NULL, A);
      t0 = now();
      mzd_t *K = mzd_kernel_left_pluq(W, 0);
      t1 = now();
      long dim = K ? K->ncols : 0;
      if (dim != n - rank) ok = 0;
      if (K) {
        mzd_t *AK = mzd_mul(NULL, A, K, 0);
        if (!mzd_is_zero(AK)) ok = 0;
        mzd_free(AK);
        mzd_free(K);
      }
      mzd_free(W);
    } else {
      mzd_t *W = mzd_copy(NULL, Ab);
      t0 = now();
      rci_t rr = mzd_echelonize_m4ri(W, 1, 0);
      t1 = now();
      /* Consistent exactly when the augmented rank equals the rank of A. */
      if (rr != rank) die(4, "the system is inconsistent", path);
      mzd_free(W);
    }
    printf("seconds %.9f\n", t1 - t0);
    fflush(stdout);
  }
  mzd_free(Ab);
  mzd_free(b);
  mzd_free(A);
  if (!ok) {
    fprintf(stderr, "harness: the result did not verify for %s\n", path);
    return 3;
  }
  printf("check ok\n");
  return 0;
}
