/**
 * Every Mantine style the signed-in screens may use (tables, menus, date pickers, the dropzone, ...),
 * loaded with the signed-in frame rather than by /login. In Mantine's cascade layer, like the first
 * screens' sheets (src/app/styles.ts): the rules they share are the same, so arriving twice changes nothing.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/dropzone/styles.layer.css';
