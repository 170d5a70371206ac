import type { MouseEvent } from 'react';
import classes from './SkipLink.module.css';

export const MAIN_CONTENT_ID = 'contenido';

/**
 * 'Saltar al contenido': the first stop of the Tab order, so a keyboard user reaches the screen
 * without going through the header and the whole menu. Focus moves by hand (not the hash) so
 * the router does not see a navigation.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skip} onClick={skip}>
      Saltar al contenido
    </a>
  );
}
