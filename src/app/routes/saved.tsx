import { MutedGate } from '../../features/mute/components/muted-gate';
import { SavedPage } from '../../features/saved/components/saved-page';

/** `/saved`: the account in use's saved posts (features/saved); a muted one folds as in a thread (features/mute). */
export function SavedRoute() {
  return <SavedPage gate={MutedGate} />;
}
