import type { LegalDocument } from '../legalText.ts';

/** Cancellation policy (/cancellation-policy/): cancelling a subscription, an order, a purchase or the account. */
export const CANCELLATION: LegalDocument = {
  en: {
    title: 'Cancellation Policy',
    lead: 'How to cancel a monthly subscription, an order, a purchase or your account.',
    sections: [
      {
        id: 'subscriptions',
        heading: 'Cancelling a subscription',
        blocks: [
          {
            p: 'You can cancel a monthly subscription at any time, from the My subscription card of your [Profile](/profile/) page (an organisation’s, by its owner). We ask why you are leaving; answering is up to you.',
          },
          {
            list: [
              'Cancelling takes effect at the end of the month you have paid for. Until then the subscription stays active and you keep using it; it does not renew, and you are not charged again.',
              'The current month is not refunded. The pages on your balance stay yours, including those a month left unused.',
              'If a renewal payment is declined, we try the card again once a day, up to 3 times in all; if every try fails, the subscription ends by itself, with nothing more to pay.',
              'Changed your mind before the end of the month? Upgrading to a dearer plan makes a cancelled subscription renew again. Once it has ended, you can start a new one at any time from the [pricing page](/pricing/).',
            ],
          },
        ],
      },
      {
        id: 'before-paying',
        heading: 'Cancelling an order before you pay',
        blocks: [
          {
            list: [
              'In the cart you can remove any pack, or simply not complete the purchase: nothing is charged until you pay on the card page. The same goes for a subscription: it starts only once its first month is paid.',
              'On the card page, use the link to go back: nothing is charged, and you can change your cart or start the payment again later.',
              'A card page left unpaid expires (after 24 hours at most), and your cart opens again. A promo code you had applied becomes available again.',
            ],
          },
        ],
      },
      {
        id: 'after-paying',
        heading: 'Cancelling a purchase after you paid',
        blocks: [
          {
            p: 'A paid pack is credited to your balance at once. Within 14 days you can cancel it and get back the price of its pages still on your balance, as described in the [Refund Policy](refund). A subscription is cancelled as described above.',
          },
        ],
      },
      {
        id: 'checks',
        heading: 'Checks in progress',
        blocks: [
          {
            p: 'A check cannot be stopped once it has been sent, but you pay for it only if it produces a report: if it fails, its pages come back to your balance by themselves.',
          },
        ],
      },
      {
        id: 'account',
        heading: 'Closing your account',
        blocks: [
          {
            p: 'You can delete your account at any time from your [Profile](/profile/) page; cancel your subscription first, since deleting the account does not stop its renewals by itself. Deleting it is final: your pages are deleted with it and cannot be refunded afterwards, so if you are within 14 days of a purchase, ask for your refund first. The [Privacy Policy](privacy) lists what is deleted and what an organisation keeps.',
          },
          {
            list: [
              'Organisation owners: the organisation’s balance belongs to the organisation. Before deleting your account, make another member the administrator; an organisation whose only member you are is deleted with your account, with its balance.',
              'Members: the owner can remove you from an organisation; the pages you used there stay counted, and your documents checked there stay with it.',
            ],
          },
        ],
      },
      {
        id: 'by-us',
        heading: 'If we end the service or close an account',
        blocks: [
          {
            p: 'If we close your account because it seriously broke the [Terms of Use](terms), we refund the paid pages left on it, except in cases of fraud. If we ever close Veritext, we will tell account holders at least 30 days before and refund every paid page left unused.',
          },
        ],
      },
      {
        id: 'contact',
        heading: 'Questions',
        blocks: [
          {
            p: 'Write to [{supportEmail}](mailto:{supportEmail}). We answer on working days.',
          },
        ],
      },
    ],
  },
  es: {
    title: 'Política de cancelación',
    lead: 'Cómo cancelar una suscripción mensual, un pedido, una compra o tu cuenta.',
    sections: [
      {
        id: 'subscriptions',
        heading: 'Cancelar una suscripción',
        blocks: [
          {
            p: 'Puedes cancelar una suscripción mensual en cualquier momento desde la tarjeta Mi suscripción de tu página de [Perfil](/profile/) (la de una organización, su propietario). Te preguntamos por qué te vas; responder es opcional.',
          },
          {
            list: [
              'La cancelación tiene efecto al final del mes que has pagado. Hasta entonces la suscripción sigue activa y puedes seguir usándola; no se renueva y no se te vuelve a cobrar.',
              'El mes en curso no se reembolsa. Las páginas de tu saldo siguen siendo tuyas, también las que un mes dejó sin usar.',
              'Si se rechaza un pago de renovación, volvemos a intentar el cobro en la tarjeta una vez al día, hasta 3 veces en total; si todos los intentos fallan, la suscripción termina sola, sin nada más que pagar.',
              '¿Has cambiado de idea antes de que acabe el mes? Mejorar a un plan más caro hace que una suscripción cancelada vuelva a renovarse. Cuando haya terminado, puedes empezar una nueva en cualquier momento desde la [página de precios](/pricing/).',
            ],
          },
        ],
      },
      {
        id: 'before-paying',
        heading: 'Cancelar un pedido antes de pagar',
        blocks: [
          {
            list: [
              'En el carrito puedes quitar cualquier paquete o, sencillamente, no completar la compra: no se cobra nada hasta que pagas en la página de la tarjeta. Lo mismo vale para una suscripción: solo empieza cuando se paga su primer mes.',
              'En la página de la tarjeta, usa el enlace para volver: no se cobra nada y puedes cambiar tu carrito o volver a iniciar el pago más tarde.',
              'Una página de pago que no se completa caduca (en 24 horas como máximo) y tu carrito se abre de nuevo. El código promocional que hubieras aplicado vuelve a estar disponible.',
            ],
          },
        ],
      },
      {
        id: 'after-paying',
        heading: 'Cancelar una compra después de pagar',
        blocks: [
          {
            p: 'Un paquete pagado se abona a tu saldo al instante. En los 14 días siguientes puedes cancelarlo y recuperar el precio de sus páginas que sigan en tu saldo, como indica la [Política de reembolso](refund). Una suscripción se cancela como se explica más arriba.',
          },
        ],
      },
      {
        id: 'checks',
        heading: 'Revisiones en curso',
        blocks: [
          {
            p: 'Una revisión no se puede detener una vez enviada, pero solo la pagas si da un informe: si falla, sus páginas vuelven solas a tu saldo.',
          },
        ],
      },
      {
        id: 'account',
        heading: 'Cerrar tu cuenta',
        blocks: [
          {
            p: 'Puedes eliminar tu cuenta cuando quieras desde tu página de [Perfil](/profile/); cancela antes tu suscripción, porque eliminar la cuenta no detiene por sí solo sus renovaciones. La eliminación es definitiva: tus páginas se eliminan con ella y ya no se pueden reembolsar, así que si estás dentro de los 14 días de una compra, pide antes el reembolso. La [Política de privacidad](privacy) indica qué se elimina y qué conserva una organización.',
          },
          {
            list: [
              'Propietarios de organizaciones: el saldo de la organización pertenece a la organización. Antes de eliminar tu cuenta, nombra administrador a otro miembro; una organización de la que eres el único miembro se elimina con tu cuenta, junto con su saldo.',
              'Miembros: el propietario puede quitarte de una organización; las páginas que usaste allí siguen contadas y tus documentos revisados allí se quedan en ella.',
            ],
          },
        ],
      },
      {
        id: 'by-us',
        heading: 'Si terminamos el servicio o cerramos una cuenta',
        blocks: [
          {
            p: 'Si cerramos tu cuenta porque incumplió gravemente los [Condiciones de uso](terms), reembolsamos las páginas pagadas que queden en ella, salvo en casos de fraude. Si alguna vez cerramos Veritext, avisaremos a los titulares de cuentas al menos 30 días antes y reembolsaremos todas las páginas pagadas sin usar.',
          },
        ],
      },
      {
        id: 'contact',
        heading: 'Preguntas',
        blocks: [
          {
            p: 'Escribe a [{supportEmail}](mailto:{supportEmail}). Respondemos en días laborables.',
          },
        ],
      },
    ],
  },
};
