export function ConfigErrorScreen({ message }: { message: string }) {
  return (
    <main className="app-main page page-narrow">
      <div className="state state-error" role="alert">
        <h1 className="page-title">Configuration error</h1>
        <p>{message}</p>
        <p>
          Fix <code>config.json</code> next to <code>index.html</code> (keys: <code>apiBaseUrl</code>, <code>mocks</code>,
          optional <code>tokenApplicationUrl</code>) and reload.
        </p>
      </div>
    </main>
  );
}
