import { useIsFetching } from '@tanstack/react-query';
import { useNavigation } from 'react-router';
import classes from './RouteProgress.module.css';

/**
 * A thin bar at the top while a lazy route, a loader or a query is loading. It follows the real
 * work: the original's fixed one-second overlay on every route change is not reproduced.
 */
export function RouteProgress() {
  const navigation = useNavigation();
  const fetching = useIsFetching();
  const busy = navigation.state !== 'idle' || fetching > 0;
  if (!busy) return null;
  return (
    <div className={classes.bar} role="progressbar" aria-label="Cargando" data-testid="route-progress" />
  );
}
