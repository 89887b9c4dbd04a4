/**
 * The card-payment step is a real HTML form POST (check-tool.md §7): the browser follows the server's
 * 303 to the card page (Stripe Checkout, or the local sandbox page). Written against a minimal DOM so
 * it is testable without one.
 */
/** N: the node type (the DOM's Node in the browser, a fake in the tests). */
export type PostElement<N> = {
  setAttribute(name: string, value: string): void;
  appendChild(node: N): unknown;
};
export type FormDocument<N> = {
  createElement(tag: 'form'): N & PostElement<N> & { submit(): void };
  createElement(tag: 'input'): N & PostElement<N>;
  body: { appendChild(node: N): unknown };
};

export type CheckoutFields = { gateway: 'stripe'; _csrf_token: string; referral?: string; language?: 'en' | 'es' };

export function submitFormPost<N>(
  doc: FormDocument<N>,
  action: string,
  fields: Readonly<Record<string, string>>,
): void {
  const form = doc.createElement('form');
  form.setAttribute('method', 'post');
  form.setAttribute('action', action);
  form.setAttribute('hidden', '');
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input');
    input.setAttribute('type', 'hidden');
    input.setAttribute('name', name);
    input.setAttribute('value', value);
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
}

/** Posts the cart to checkout with gateway=stripe and the CSRF token. */
export function submitCheckout<N>(doc: FormDocument<N>, checkoutUrl: string, fields: CheckoutFields): void {
  const values: Record<string, string> = { gateway: fields.gateway, _csrf_token: fields._csrf_token };
  if (fields.referral !== undefined && fields.referral !== '') values['referral'] = fields.referral;
  if (fields.language !== undefined) values['language'] = fields.language;
  submitFormPost(doc, checkoutUrl, values);
}
