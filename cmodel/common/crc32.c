/* crc32.c - C twin of rtl/common/fg_crc32.v (see crc32.h). */
#include "common/crc32.h"

const char *const fg_crc32_cov_names[FG_CRC32_COV_N] = {"init", "byte", "hold"};

uint32_t fg_crc32_update(uint32_t crc, uint8_t byte)
{
    crc ^= byte;
    for (int k = 0; k < 8; k++)
        crc = (crc >> 1) ^ ((crc & 1u) ? 0xEDB88320u : 0u);
    return crc;
}

uint32_t fg_crc32_fcs(const uint8_t *buf, size_t len)
{
    uint32_t crc = FG_CRC32_INIT;
    for (size_t i = 0; i < len; i++)
        crc = fg_crc32_update(crc, buf[i]);
    return ~crc;
}

void fg_crc32_reset(fg_crc32_state *st, const fg_crc32_cfg *cfg)
{
    (void)cfg;
    st->crc = FG_CRC32_INIT;
}

void fg_crc32_step(fg_crc32_state *st, const fg_crc32_in *in, fg_crc32_out *out)
{
    if (in->init) {
        FG_COV(st, FG_CRC32_COV_INIT);
        st->crc = FG_CRC32_INIT;
    } else if (in->en) {
        FG_COV(st, FG_CRC32_COV_BYTE);
#ifdef FG_INJECT_BUG
        /* Deliberate bug for the harness self-test: the data byte fed in MSB first. */
        uint8_t rev = 0;
        for (int b = 0; b < 8; b++)
            rev = (uint8_t)(rev | (((in->data >> b) & 1u) << (7 - b)));
        st->crc = fg_crc32_update(st->crc, rev);
#else
        st->crc = fg_crc32_update(st->crc, in->data);
#endif
    } else {
        FG_COV(st, FG_CRC32_COV_HOLD);
    }
    out->crc = st->crc;
}
