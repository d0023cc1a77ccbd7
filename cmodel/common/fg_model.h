/* fg_model.h - conventions shared by every flowgate C model.
 *
 * The cycle contract: every block X has
 *   void fg_X_reset(fg_X_state *st, const fg_X_cfg *cfg);
 *   void fg_X_step(fg_X_state *st, const fg_X_in *in, fg_X_out *out);
 * One call of fg_X_step is one rising clock edge; `out` holds what the RTL's registered
 * outputs show after that edge. All state is in the state struct: no globals.
 *
 * Coverage: a model declares an enum of coverage points and a matching name table and
 * counts hits with FG_COV(st, point) into st->cov[]. The lock-step tests print them.
 *
 * Bug injection: a model may change one behaviour under #ifdef FG_INJECT_BUG. The build
 * makes a second model library with it defined; the tests prove the harness catches it.
 */
#ifndef FG_MODEL_H
#define FG_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FG_COV(st, point) ((st)->cov[(point)]++)

/* Clears a model's state struct except its coverage counters, which survive resets (a test
 * reports what the whole run reached, resets included). Needs <string.h>. */
#define FG_CLEAR_STATE_KEEP_COV(st)                                      \
    do {                                                                 \
        uint64_t fg_cov_keep_[sizeof((st)->cov) / sizeof(uint64_t)];     \
        memcpy(fg_cov_keep_, (st)->cov, sizeof fg_cov_keep_);            \
        memset((st), 0, sizeof *(st));                                   \
        memcpy((st)->cov, fg_cov_keep_, sizeof fg_cov_keep_);            \
    } while (0)

/* Saturating unsigned helpers for a counter of `width` bits (width <= 63). */
static inline uint64_t fg_mask(int width) { return (width >= 64) ? ~0ull : ((1ull << width) - 1ull); }
static inline uint64_t fg_sat_add(uint64_t a, uint64_t b, int width)
{
    uint64_t m = fg_mask(width);
    return (a + b > m) ? m : a + b;
}
static inline uint64_t fg_sat_sub(uint64_t a, uint64_t b) { return (a > b) ? a - b : 0; }
static inline uint64_t fg_min(uint64_t a, uint64_t b) { return a < b ? a : b; }
static inline uint64_t fg_max(uint64_t a, uint64_t b) { return a > b ? a : b; }

#endif
