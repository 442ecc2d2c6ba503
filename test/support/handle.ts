/**
 * A Testing Library text matcher for a shown handle, `@username`: the @ and the (bidi-isolated)
 * username are separate nodes, which a plain string matcher does not see as one text.
 */
export function handle(username: string) {
  return (_content: string, element: Element | null): boolean =>
    !!element?.classList.contains('handle') && element.textContent?.trim() === `@${username}`;
}
