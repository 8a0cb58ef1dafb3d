// The 8 script fonts of typed signatures, served from this origin (no outside font service); the browser
// downloads a font file only when text in that font is shown.
import '@fontsource/bilbo-swash-caps/400.css';
import '@fontsource/dancing-script/400.css';
import '@fontsource/great-vibes/400.css';
import '@fontsource/la-belle-aurore/400.css';
import '@fontsource/marck-script/400.css';
import '@fontsource/qwigley/400.css';
import '@fontsource/sacramento/400.css';
import '@fontsource/yellowtail/400.css';
