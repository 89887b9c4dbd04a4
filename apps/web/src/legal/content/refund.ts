import type { LegalDocument } from '../legalText.ts';

/**
 * Refund policy (the cart's "Refund policy" link, /money-back-guarantee/). Refunds are issued by staff with
 * `npm run admin -- order:refund ORDER_ID [--full]` (modules/commerce/order-refund.ts: the order's unused pages are
 * reversed, bounded by the balance, the price of those pages goes back to the card through Stripe's refunds API);
 * payments outside an order's checkout are refunded in the Stripe dashboard. Automatic returns of pages are the
 * ledger's releases of failed checks. Keep en and es section for section.
 */
export const REFUND: LegalDocument = {
  en: {
    title: 'Refund Policy',
    lead: 'When you get your money or your pages back, and how to ask for it.',
    sections: [
      {
        id: 'what-you-buy',
        heading: 'What you buy',
        blocks: [
          {
            p: 'Veritext sells one-time packs of pages (for plagiarism checks) and of AI pages (for the AI detector), and monthly subscriptions that add pages and AI pages every month. A pack is paid once and nothing renews. A subscription is charged every month until you cancel it, which you can do at any time. Pages do not expire.',
          },
        ],
      },
      {
        id: 'automatic',
        heading: 'Pages returned automatically',
        blocks: [
          {
            p: 'You pay only for checks that produce a result. The pages a check needs are reserved when you send it and charged when the report is ready. They come back to your balance by themselves, with nothing to ask, when:',
          },
          {
            list: [
              'a plagiarism check fails, or is still unfinished an hour after it was sent;',
              'an AI check fails, or the text cannot be checked (too short, too long, or in a language the detector does not read).',
            ],
          },
        ],
      },
      {
        id: 'money-back',
        heading: '14-day money-back guarantee',
        blocks: [
          {
            p: 'Within 14 days of buying a pack you can ask for your money back for the pages of that pack that are still on your balance:',
          },
          {
            list: [
              'if you have used none of them, we refund the whole amount you paid, VAT included;',
              'if you have used some, we refund the pages still on your balance at the price you paid per page, after any promo-code discount;',
              'the refunded pages are removed from your balance when the refund is made.',
            ],
          },
          {
            p: 'Our staff issue the refund: the unused pages of that purchase are taken off your balance and their price goes back to the card you paid with, through Stripe. For an organisation, its owner asks, for packs bought for the organisation.',
          },
        ],
      },
      {
        id: 'subscriptions',
        heading: 'Subscriptions',
        blocks: [
          {
            p: 'A subscription month is not refunded once it has begun: the first month, each renewal and the charge of an upgrade pay for pages added to your balance at once. Cancelling stops the renewals that follow (see the [Cancellation Policy](cancellation)); the pages already on your balance stay yours. The cases where something went wrong on our side, below, and your right of withdrawal apply to subscriptions as they do to packs.',
          },
        ],
      },
      {
        id: 'our-errors',
        heading: 'When something went wrong on our side',
        blocks: [
          {
            p: 'Whatever the date of the purchase, our staff refund in full, without you having to prove anything more than the facts:',
          },
          {
            list: [
              'a payment taken twice for the same order, or taken after the checkout had already closed;',
              'a subscription renewal charged after you had cancelled the subscription;',
              'a payment whose amount differed from the order, which then fails and credits no pages;',
              'an order at a price that was shown by obvious mistake, if we cancel it;',
              'pages left unused if we ever close the service.',
            ],
          },
          {
            p: 'If a check was charged but its report is plainly broken because of a fault of ours (for example, the text of a file was not read), tell us: our staff look at it and, if the fault is ours, refund the purchase those pages came from in full.',
          },
        ],
      },
      {
        id: 'not-refundable',
        heading: 'What is not refunded',
        blocks: [
          {
            list: [
              'free pages: the sign-up bonus and the guest’s free page;',
              'pages spent on checks that produced a report, apart from the cases above;',
              'disagreement with a result: a similarity percentage or an AI score is an aid to judgement, not a promise of a particular outcome (see the [Terms of Use](terms)).',
            ],
          },
        ],
      },
      {
        id: 'withdrawal',
        heading: 'Your right of withdrawal',
        blocks: [
          {
            p: 'If you are a consumer in the European Union or a country with a similar law, you have 14 days to withdraw from a purchase of digital services. When you start using your pages, you ask us to begin providing the service during that period; withdrawing then gives you back the price of the pages not yet used, which is what the guarantee above already does. Nothing in this policy reduces the rights the law gives you.',
          },
        ],
      },
      {
        id: 'how-to-ask',
        heading: 'How to ask for a refund',
        blocks: [
          {
            p: 'Write to [{supportEmail}](mailto:{supportEmail}) from the email address of your account, with the date and amount of the purchase; a member of our staff answers by email, on working days. Refunds are issued by our staff and go back to the card you paid with, through Stripe; when the refund shows on your statement depends on your bank.',
          },
          {
            p: 'Please write to us before disputing a payment with your bank: we can usually settle it faster.',
          },
        ],
      },
    ],
  },
  es: {
    title: 'Política de reembolso',
    lead: 'Cuándo recuperas tu dinero o tus páginas, y cómo pedirlo.',
    sections: [
      {
        id: 'what-you-buy',
        heading: 'Qué compras',
        blocks: [
          {
            p: 'Veritext vende paquetes de pago único de páginas (para revisiones de plagio) y de páginas de IA (para el detector de IA), y suscripciones mensuales que añaden páginas y páginas de IA cada mes. Un paquete se paga una vez y nada se renueva. Una suscripción se cobra cada mes hasta que la cancelas, cosa que puedes hacer en cualquier momento. Las páginas no caducan.',
          },
        ],
      },
      {
        id: 'automatic',
        heading: 'Páginas devueltas automáticamente',
        blocks: [
          {
            p: 'Solo pagas las revisiones que dan un resultado. Las páginas que necesita una revisión se reservan al enviarla y se cobran cuando el informe está listo. Vuelven solas a tu saldo, sin que tengas que pedirlo, cuando:',
          },
          {
            list: [
              'una revisión de plagio falla o sigue sin terminar una hora después de enviarla;',
              'una revisión de IA falla o el texto no se puede revisar (demasiado corto, demasiado largo o en un idioma que el detector no lee).',
            ],
          },
        ],
      },
      {
        id: 'money-back',
        heading: 'Garantía de devolución de 14 días',
        blocks: [
          {
            p: 'En los 14 días siguientes a la compra de un paquete puedes pedir que te devolvamos el dinero de las páginas de ese paquete que sigan en tu saldo:',
          },
          {
            list: [
              'si no has usado ninguna, te reembolsamos todo lo que pagaste, IVA incluido;',
              'si has usado algunas, te reembolsamos las páginas que siguen en tu saldo al precio por página que pagaste, después del descuento de cualquier código promocional;',
              'las páginas reembolsadas se retiran de tu saldo al hacer el reembolso.',
            ],
          },
          {
            p: 'El reembolso lo hace nuestro personal: las páginas sin usar de esa compra se retiran de tu saldo y su precio vuelve a la tarjeta con la que pagaste, a través de Stripe. En una organización lo pide su propietario, para los paquetes comprados para la organización.',
          },
        ],
      },
      {
        id: 'subscriptions',
        heading: 'Suscripciones',
        blocks: [
          {
            p: 'Un mes de suscripción no se reembolsa una vez empezado: el primer mes, cada renovación y el cargo de una mejora pagan páginas que se añaden al saldo en el momento. Cancelar detiene las renovaciones siguientes (ver la [Política de cancelación](cancellation)); las páginas que ya están en tu saldo siguen siendo tuyas. Los casos en que algo salió mal por nuestra parte, más abajo, y tu derecho de desistimiento se aplican a las suscripciones igual que a los paquetes.',
          },
        ],
      },
      {
        id: 'our-errors',
        heading: 'Cuando algo falló por nuestra parte',
        blocks: [
          {
            p: 'Sea cual sea la fecha de la compra, nuestro personal reembolsa el importe completo, sin que tengas que demostrar nada más que los hechos:',
          },
          {
            list: [
              'un pago cobrado dos veces por el mismo pedido, o cobrado cuando el pago ya se había cerrado;',
              'una renovación de suscripción cobrada después de que la hubieras cancelado;',
              'un pago cuyo importe no coincidía con el pedido, que entonces falla y no abona páginas;',
              'un pedido a un precio mostrado por un error evidente, si lo anulamos;',
              'las páginas sin usar si alguna vez cerramos el servicio.',
            ],
          },
          {
            p: 'Si se cobró una revisión pero su informe está claramente roto por un fallo nuestro (por ejemplo, no se leyó el texto de un archivo), avísanos: nuestro personal lo revisa y, si el fallo es nuestro, reembolsa por completo la compra de la que salieron esas páginas.',
          },
        ],
      },
      {
        id: 'not-refundable',
        heading: 'Qué no se reembolsa',
        blocks: [
          {
            list: [
              'las páginas gratuitas: la bonificación de registro y la página gratis del invitado;',
              'las páginas gastadas en revisiones que dieron un informe, salvo en los casos anteriores;',
              'el desacuerdo con un resultado: un porcentaje de similitud o una puntuación de IA ayudan a valorar, no prometen un resultado concreto (ver los [Condiciones de uso](terms)).',
            ],
          },
        ],
      },
      {
        id: 'withdrawal',
        heading: 'Tu derecho de desistimiento',
        blocks: [
          {
            p: 'Si eres consumidor en la Unión Europea o en un país con una ley similar, tienes 14 días para desistir de una compra de servicios digitales. Cuando empiezas a usar tus páginas, nos pides que empecemos a prestar el servicio durante ese plazo; si desistes entonces, recuperas el precio de las páginas aún no usadas, que es lo que ya hace la garantía anterior. Nada en esta política reduce los derechos que te da la ley.',
          },
        ],
      },
      {
        id: 'how-to-ask',
        heading: 'Cómo pedir un reembolso',
        blocks: [
          {
            p: 'Escribe a [{supportEmail}](mailto:{supportEmail}) desde la dirección de correo de tu cuenta, con la fecha y el importe de la compra; una persona de nuestro personal te responde por correo, en días laborables. Los reembolsos los hace nuestro personal y vuelven a la tarjeta con la que pagaste, a través de Stripe; cuándo aparecen en tu extracto depende de tu banco.',
          },
          {
            p: 'Escríbenos antes de reclamar un pago ante tu banco: normalmente podemos resolverlo antes.',
          },
        ],
      },
    ],
  },
};
