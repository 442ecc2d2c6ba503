import { Trans } from '../i18n/trans';
import { useT } from '../i18n/use-t';

function ConfigErrorContent({ message }: { message: string }) {
  const t = useT();
  return (
    <main className="app-main page page-narrow">
      <div className="state state-error" role="alert">
        <h1 className="page-title">{t('config.title')}</h1>
        <p>{message}</p>
        <p>
          <Trans id="config.fix" components={{ 0: <code />, 1: <code />, 2: <code />, 3: <code />, 4: <code /> }} />
        </p>
      </div>
    </main>
  );
}

/** Rendered instead of the app, in the interface's language (loaded before it is shown). */
export function ConfigErrorScreen({ message }: { message: string }) {
  return <ConfigErrorContent message={message} />;
}

/**
 * When not even the English catalog could be loaded there is no text to translate with: the one
 * screen written in English here, with the same look.
 */
export function TextUnavailableScreen() {
  return (
    <main className="app-main page page-narrow">
      <div className="state state-error" role="alert">
        <h1 className="page-title">Social could not start</h1>
        <p>The app&apos;s text could not be loaded. Check the connection and reload.</p>
      </div>
    </main>
  );
}
