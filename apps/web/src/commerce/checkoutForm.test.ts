import { describe, expect, it } from 'vitest';
import { submitCheckout, type FormDocument, type PostElement } from './checkoutForm.ts';

type FakeNode = { tag: string; attributes: Record<string, string>; children: FakeNode[]; submitted: number };

function fakeDocument() {
  const body: FakeNode[] = [];
  function make(tag: string): FakeNode & PostElement<FakeNode> & { submit(): void } {
    const node = {
      tag,
      attributes: {} as Record<string, string>,
      children: [] as FakeNode[],
      submitted: 0,
      setAttribute(name: string, value: string) {
        node.attributes[name] = value;
      },
      appendChild(child: FakeNode) {
        node.children.push(child);
      },
      submit() {
        node.submitted += 1;
      },
    };
    return node;
  }
  const doc: FormDocument<FakeNode> = {
    createElement: make,
    body: {
      appendChild(node: FakeNode) {
        body.push(node);
      },
    },
  };
  return { doc, body };
}

describe('the checkout form POST', () => {
  it('builds a real POST form to the checkout URL with hidden gateway=stripe and _csrf_token, and submits it', () => {
    const { doc, body } = fakeDocument();
    submitCheckout(doc, '/order/checkout', { gateway: 'stripe', _csrf_token: 'tok-123' });
    expect(body).toHaveLength(1);
    const form = body[0];
    expect(form?.tag).toBe('form');
    expect(form?.attributes).toMatchObject({ method: 'post', action: '/order/checkout' });
    expect(form?.submitted).toBe(1);
    const inputs = (form?.children ?? []).map((child) => ({ tag: child.tag, ...child.attributes }));
    expect(inputs).toEqual([
      { tag: 'input', type: 'hidden', name: 'gateway', value: 'stripe' },
      { tag: 'input', type: 'hidden', name: '_csrf_token', value: 'tok-123' },
    ]);
  });

  it('adds the referral only when there is one', () => {
    const { doc, body } = fakeDocument();
    submitCheckout(doc, '/order/checkout', { gateway: 'stripe', _csrf_token: 't', referral: 'friend' });
    expect(body[0]?.children.map((child) => child.attributes['name'])).toEqual(['gateway', '_csrf_token', 'referral']);
  });

  it("sends the buyer's language, so the card page opens in it", () => {
    const { doc, body } = fakeDocument();
    submitCheckout(doc, '/order/checkout', { gateway: 'stripe', _csrf_token: 't', language: 'es' });
    expect(body[0]?.children.find((child) => child.attributes['name'] === 'language')?.attributes['value']).toBe('es');
  });
});
