/**
 * The props of a text input for something typed exactly, a domain name or a key: monospace, and
 * the browser neither completes, capitalises nor spell-checks it.
 */
export const exactTextInput = {
  className: 'input input-mono',
  autoComplete: 'off',
  autoCapitalize: 'off',
  spellCheck: false,
} as const;
