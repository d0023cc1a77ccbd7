/* crc32.h - C twin of rtl/common/fg_crc32.v: Ethernet CRC-32 (reflected 0xEDB88320,
 * preset 0xFFFFFFFF), one byte per step. The FCS on the wire is ~crc, low byte first;
 * running the register over a frame including a correct FCS leaves FG_CRC32_RESIDUE. */
#ifndef FG_CRC32_H
#define FG_CRC32_H

#include <stddef.h>

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_CRC32_INIT 0xFFFFFFFFu
#define FG_CRC32_RESIDUE 0xDEBB20E3u

/* Pure byte update, shared by every model that computes or checks an FCS. */
uint32_t fg_crc32_update(uint32_t crc, uint8_t byte);
/* FCS of a whole buffer as the 32-bit value whose low byte goes on the wire first. */
uint32_t fg_crc32_fcs(const uint8_t *buf, size_t len);

enum { FG_CRC32_COV_INIT, FG_CRC32_COV_BYTE, FG_CRC32_COV_HOLD, FG_CRC32_COV_N };
extern const char *const fg_crc32_cov_names[FG_CRC32_COV_N];

typedef struct {
    int unused; /* no parameters */
} fg_crc32_cfg;

typedef struct {
    uint32_t crc;
    uint64_t cov[FG_CRC32_COV_N];
} fg_crc32_state;

typedef struct {
    bool init;
    bool en;
    uint8_t data;
} fg_crc32_in;

typedef struct {
    uint32_t crc;
} fg_crc32_out;

void fg_crc32_reset(fg_crc32_state *st, const fg_crc32_cfg *cfg);
void fg_crc32_step(fg_crc32_state *st, const fg_crc32_in *in, fg_crc32_out *out);

#ifdef __cplusplus
}
#endif
#endif
