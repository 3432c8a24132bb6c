const style = {
  fontFamily: 'system-ui, sans-serif',
  maxWidth: '40rem',
  margin: '4rem auto',
  padding: '0 1rem',
  lineHeight: 1.5,
} as const;

export function Placeholder({ signedIn }: { signedIn: boolean }) {
  return (
    <main style={style}>
      <h1>Zonedeck</h1>
      <p>The service is running. The dashboard pages arrive in the next release.</p>
      <p>
        {signedIn
          ? 'Your API key from the sign-in link is kept for this tab.'
          : 'Open the sign-in link printed in the terminal to keep your key for this tab.'}
      </p>
      <p>
        API reference: <a href="/v1/openapi.json">/v1/openapi.json</a>
      </p>
    </main>
  );
}
