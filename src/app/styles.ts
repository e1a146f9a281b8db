/**
 * Mantine's global sheets: the reset, the theme's CSS variables and the global classes (focus ring,
 * hiddenFrom/visibleFrom). Each component's own sheet travels with its code (src/build/mantine-styles.ts):
 * a screen loads the styles of what it renders. All in Mantine's cascade layer, so the app's own CSS
 * modules win whatever order the sheets arrive in.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
