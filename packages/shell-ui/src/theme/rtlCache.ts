import createCache from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { prefixer } from 'stylis';

/**
 * The emotion cache of a right-to-left page, as MUI's "Right-to-left" guide sets it up: stylis'
 * prefixer and @mui/stylis-plugin-rtl, which flips every left/right of the styles (margins,
 * paddings, positions, borders). Its own module so only Arabic pages download the plugin.
 */
export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
