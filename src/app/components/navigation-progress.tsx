import { useLingui } from '@lingui/react/macro';
import { useNavigation } from 'react-router-dom';
import classes from './navigation-progress.module.css';

/**
 * While the router opens another screen (its code still downloading on a slow network), a thin bar runs
 * along the top of the page and the page says it is busy. Without it the screen a user tapped gives no
 * sign until the next one appears, and a driver with one bar of signal taps again. The bar fades in
 * after a moment (its stylesheet), so a quick change does not flash it; the busy state is there at once.
 */
export function NavigationProgress() {
  const { state } = useNavigation();
  const { t } = useLingui();
  if (state === 'idle') return null;
  return <div className={classes.bar} role="progressbar" aria-label={t`Opening the screen`} aria-busy="true" />;
}
