import { AccountsList } from '../../features/auth/components/accounts-panel';
import { GallerySection, Specimen } from './gallery-layout';

const noop = () => {};
const TWO = [
  { username: 'ada', name: 'Ada Lovelace' },
  { username: 'bram_stoker', name: 'Bram' },
];
const THREE = [...TWO, { username: 'dalia_n', name: 'داليا نصر' }, {}];

/** The account menu's panel (the header's Accounts button opens it): several accounts in one tab. */
export function AccountsSpecimens() {
  return (
    <GallerySection title="Account menu">
      <Specimen label="Two accounts, Ada in use">
        <AccountsList id="gallery-accounts-two" accounts={TWO} current={0} onSwitch={noop} onAdd={noop} onSignOutAll={noop} />
      </Specimen>
      <Specimen label="Four accounts, one not known yet (added, who-am-I not answered)">
        <AccountsList id="gallery-accounts-four" accounts={THREE} current={2} onSwitch={noop} onAdd={noop} onSignOutAll={noop} />
      </Specimen>
    </GallerySection>
  );
}
