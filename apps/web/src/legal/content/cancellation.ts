import type { LegalDocument } from '../legalText.ts';

/** Cancellation policy (/cancellation-policy/): what can be cancelled today, given that only one-time packs exist. */
export const CANCELLATION: LegalDocument = {
  en: {
    title: 'Cancellation Policy',
    lead: 'How to cancel an order, a purchase or your account, and why there is no subscription to cancel.',
    sections: [
      {
        id: 'no-subscriptions',
        heading: 'There are no subscriptions yet',
        blocks: [
          {
            p: 'Everything Veritext sells today is a one-time pack of pages or AI pages. Nothing renews and nothing is charged again unless you buy again, so there is no subscription to cancel. Monthly plans are being prepared; before we sell any, this page will say how to cancel them, and cancelling will be possible from your account at any time before the next renewal.',
          },
        ],
      },
      {
        id: 'before-paying',
        heading: 'Cancelling an order before you pay',
        blocks: [
          {
            list: [
              'In the cart you can remove any pack, or simply not complete the purchase: nothing is charged until you pay on the card page.',
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
            p: 'A paid pack is credited to your balance at once. Within 14 days you can cancel it and get back the price of its pages still on your balance, as described in the [Refund Policy](refund).',
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
            p: 'You can delete your account at any time from your [Profile](/profile/) page. Deleting it is final: your pages are deleted with it and cannot be refunded afterwards, so if you are within 14 days of a purchase, ask for your refund first. The [Privacy Policy](privacy) lists what is deleted and what an organisation keeps.',
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
    lead: 'Cómo cancelar un pedido, una compra o tu cuenta, y por qué no hay ninguna suscripción que cancelar.',
    sections: [
      {
        id: 'no-subscriptions',
        heading: 'Todavía no hay suscripciones',
        blocks: [
          {
            p: 'Todo lo que vende Veritext hoy es un paquete de pago único de páginas o de páginas de IA. Nada se renueva y no se cobra nada más salvo que vuelvas a comprar, así que no hay ninguna suscripción que cancelar. Estamos preparando planes mensuales; antes de vender ninguno, esta página explicará cómo cancelarlos, y podrás hacerlo desde tu cuenta en cualquier momento antes de la siguiente renovación.',
          },
        ],
      },
      {
        id: 'before-paying',
        heading: 'Cancelar un pedido antes de pagar',
        blocks: [
          {
            list: [
              'En el carrito puedes quitar cualquier paquete o, sencillamente, no completar la compra: no se cobra nada hasta que pagas en la página de la tarjeta.',
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
            p: 'Un paquete pagado se abona a tu saldo al instante. En los 14 días siguientes puedes cancelarlo y recuperar el precio de sus páginas que sigan en tu saldo, como indica la [Política de reembolso](refund).',
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
            p: 'Puedes eliminar tu cuenta cuando quieras desde tu página de [Perfil](/profile/). La eliminación es definitiva: tus páginas se eliminan con ella y ya no se pueden reembolsar, así que si estás dentro de los 14 días de una compra, pide antes el reembolso. La [Política de privacidad](privacy) indica qué se elimina y qué conserva una organización.',
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
