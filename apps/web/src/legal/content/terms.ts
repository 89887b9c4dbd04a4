import type { LegalDocument } from '../legalText.ts';

/** Terms of service. Keep en and es section for section (legal.test.ts checks the ids match). */
export const TERMS: LegalDocument = {
  en: {
    title: 'Terms of Use',
    lead: 'The rules for using Veritext: what the service does, what you may expect from us and what we expect from you.',
    sections: [
      {
        id: 'about',
        heading: 'About these terms',
        blocks: [
          {
            p: 'Veritext is a web service that compares texts with other documents to find passages they share (a plagiarism check) and estimates which passages of a text read as written by an AI model (the AI detector). "We" and "us" means the operator of this Veritext service; "you" means the person or organisation using it.',
          },
          {
            p: 'By creating an account, by checking a text as a guest or by buying pages you accept these terms. If you use Veritext for an organisation, you confirm that you may accept them on its behalf. Our [Privacy Policy](privacy), [Refund Policy](refund) and [Cancellation Policy](cancellation) are part of these terms.',
          },
        ],
      },
      {
        id: 'accounts',
        heading: 'Accounts and guests',
        blocks: [
          {
            p: 'Without an account you can check one free page (275 words) as a guest; your browser keeps a guest cookie for that. With a free account you get one free page to start with, keep your reports in My Documents and can buy more pages.',
          },
          {
            list: [
              'Give a real email address that you control, and keep your password to yourself. You are responsible for what is done with your account and with your API token.',
              'You must be old enough to agree to these terms where you live. A student below that age may use Veritext only through an organisation (a school) or with a parent’s permission.',
              'An organisation account is run by its owner. The owner buys pages for it, adds and removes members, and decides how its documents are kept (see "Organisations" below).',
              'Tell us at once at {supportEmail} if you think someone else is using your account.',
            ],
          },
        ],
      },
      {
        id: 'service',
        heading: 'What the service does, and what it does not',
        blocks: [
          {
            p: 'A similarity report shows the passages of your text that match documents checked on this Veritext service (or, inside an organisation that keeps its documents apart, that organisation’s own documents) and the reference collections loaded by our administrators. Each report says what it was compared with.',
          },
          {
            list: [
              'Internet sources are searched only when the operator of this service has configured a web-search provider, and then within a time limit. The report says whether the internet was searched, partly searched or not searched, and why. A page that the provider does not return, or that forbids robots, cannot be found.',
              'The AI detector gives a statistical estimate for English and Spanish texts. It can be wrong in both directions, especially on short, formulaic or heavily edited texts.',
              'A similarity percentage or an AI score is not proof of misconduct. Quotations, common phrases and properly cited passages can match. A person must read the report and make any decision; do not punish anyone on a score alone.',
              'The citation generator, the grammar checker and connections to learning management systems are not available yet. They are not part of anything you buy today.',
            ],
          },
        ],
      },
      {
        id: 'texts',
        heading: 'Your texts',
        blocks: [
          {
            p: 'You keep every right you have in the texts and files you check. You give us the permission we need to run the service: to store your text, its report and its fingerprints, to compare later texts with it, and to show the matching passage of your text (never your name or email address) to another user whose text matches it.',
          },
          {
            p: 'Unless you exclude it, every document you check joins the index that later checks are compared with; the [Privacy Policy](privacy) explains how this index works, who sees what, and how to keep a document out of it.',
          },
          {
            p: 'Check only texts you have the right to submit: your own work, work you have been asked to assess, or texts whose owner agrees. Do not upload texts whose disclosure is forbidden to you, or special categories of personal data (health, for example) that the check does not need.',
          },
        ],
      },
      {
        id: 'acceptable-use',
        heading: 'Acceptable use',
        blocks: [
          { p: 'You may not:' },
          {
            list: [
              'break the law, or infringe someone else’s rights, through Veritext;',
              'try to reach data of other users, probe or attack the service, or get around its limits, its bot check or its security;',
              'create accounts or guests in bulk, or send automated requests other than through the API and within its limits;',
              'resell access to Veritext, or present its reports as the work of another service, without our written agreement;',
              'use the service to build or tune tools whose purpose is to hide plagiarism or AI writing from teachers or publishers.',
            ],
          },
          {
            p: 'We may limit, suspend or close an account that breaks these rules, in proportion to the harm and, where we can, after telling you why.',
          },
        ],
      },
      {
        id: 'pages-payments',
        heading: 'Pages, prices and payment',
        blocks: [
          {
            list: [
              'Checks are paid in pages: one page is 275 words of the checked text. AI pages pay for the AI detector, one AI page per AI check. The pages a check needs are reserved when you send it and charged only when the report is ready; a check that fails gives them back.',
              'Pages are sold in one-time packs and in monthly subscriptions, at the prices on the [pricing page](/pricing/), in US dollars, with VAT added at checkout where it applies. A pack is paid once and nothing renews; a subscription renews every month until you cancel it (see below).',
              'Pages you buy do not expire. They belong to the account you chose when buying: yours, or an organisation you own.',
              'Card payments are handled by Stripe, our payment provider; we never see or store your card number. A promo code gives the discount it states, for the number of uses it allows.',
              'If the price shown when you pay is wrong because of an obvious error, we may cancel the order and refund it in full.',
            ],
          },
          {
            p: 'Refunds follow the [Refund Policy](refund); cancelling an order, a subscription or your account follows the [Cancellation Policy](cancellation).',
          },
        ],
      },
      {
        id: 'subscriptions',
        heading: 'Monthly subscriptions',
        blocks: [
          {
            list: [
              'A subscription gives the account it was bought for (yours, or an organisation you own) the pages and AI pages of its plan every month. The first month is paid when you subscribe. The subscription then renews every month, on the day of the month you subscribed (or the month’s last day, when it is shorter), and the card you paid with is charged the plan’s price, with VAT where it applies, until you cancel.',
              'Each month’s pages are added to the balance when that month is paid. Pages a month leaves unused stay on the balance: they do not lapse at renewal, and they are not taken back when the subscription ends.',
              'You can cancel at any time from your [Profile](/profile/) page. Cancelling takes effect at the end of the month you have paid for: the subscription stays active until then, does not renew, and you are not charged again. The current month is not refunded.',
              'If a renewal payment is declined, we try the card again once a day, up to 3 times in all. The subscription stays yours meanwhile; if every try fails, it ends without any further charge, and you can start a new one at any time.',
              'You can upgrade to a plan that costs more at any time, and it takes effect at once: you pay the difference between the two prices for the share of the current month still to run (counted in whole days, with VAT), and the new plan’s extra pages for that share are added at once. From the next renewal you pay the new plan’s price. Upgrading a cancelled subscription makes it renew again. To move to a cheaper plan, cancel, and start the new plan when the current one ends.',
              'Team plans are bought by the owner of an organisation, for the organisation; only the owner can upgrade or cancel them. A member who runs out of pages can ask the owner for more from the check form.',
              'One check paid from a subscription can be at most 26,000 words long; split a longer text.',
            ],
          },
        ],
      },
      {
        id: 'organisations',
        heading: 'Organisations',
        blocks: [
          {
            list: [
              'An organisation has one balance that its members’ checks use. The owner may set a page limit per member.',
              'The owner and the teachers of an organisation can open the documents that members checked inside it, with their reports. Documents you check for yourself, outside the organisation, stay yours alone.',
              'An organisation’s documents are kept in its own index, apart from everyone else’s.',
              'When a member leaves or deletes their account, the documents they checked inside the organisation stay with the organisation, without their name.',
              'The organisation is responsible for having a lawful basis to check its members’ texts and for telling them so.',
            ],
          },
        ],
      },
      {
        id: 'api',
        heading: 'The API',
        blocks: [
          {
            p: 'You may check texts from your own software with your personal API token or an organisation token, under these same terms. Keep tokens secret: a call made with your token counts as made by you. We may limit the rate of calls to keep the service fair for everyone.',
          },
        ],
      },
      {
        id: 'availability-support',
        heading: 'Availability and support',
        blocks: [
          {
            p: 'We work to keep Veritext available and correct, but we do not promise that it will always be available, uninterrupted or free of errors, and we may change, add or remove features. We will not take away pages you have paid for: if we ever close the service, we will refund the pages left unused as described in the [Refund Policy](refund).',
          },
          {
            p: 'Support is by email at [{supportEmail}](mailto:{supportEmail}). We answer on working days; support is not available around the clock.',
          },
        ],
      },
      {
        id: 'liability',
        heading: 'Liability',
        blocks: [
          {
            p: 'Veritext is a tool that helps people judge a text; the decision and its consequences remain with the person who makes it. To the extent the law allows, we are not liable for indirect or consequential loss, or for decisions taken on the basis of a report, and our total liability to you is limited to the amount you paid us in the twelve months before the claim.',
          },
          {
            p: 'Nothing in these terms limits liability that cannot be limited by law, such as liability for fraud or for death or personal injury caused by negligence, or the rights you have as a consumer.',
          },
        ],
      },
      {
        id: 'ending',
        heading: 'Ending the agreement',
        blocks: [
          {
            p: 'You can stop using Veritext at any time and delete your account from your [Profile](/profile/) page; the [Privacy Policy](privacy) says what is deleted and what an organisation keeps. We may close an account that seriously or repeatedly breaks these terms. The sections on your texts, liability and applicable law continue to apply after the agreement ends.',
          },
        ],
      },
      {
        id: 'changes-law',
        heading: 'Changes and applicable law',
        blocks: [
          {
            p: 'We may update these terms. The date at the top shows the current version; for a change that affects you, we will tell account holders by email or on the site at least 30 days before it applies, and you may delete your account before then. If you keep using Veritext after that, the new terms apply.',
          },
          {
            p: 'These terms are governed by the law of the country where the operator of this service is established. If you are a consumer, you also keep the protection of the mandatory law of the country where you live, and you may bring a claim before its courts.',
          },
        ],
      },
      {
        id: 'contact',
        heading: 'Contact',
        blocks: [
          {
            p: 'Questions about these terms: [{supportEmail}](mailto:{supportEmail}).',
          },
        ],
      },
    ],
  },
  es: {
    title: 'Condiciones de uso',
    lead: 'Las reglas de uso de Veritext: qué hace el servicio, qué puedes esperar de nosotros y qué esperamos de ti.',
    sections: [
      {
        id: 'about',
        heading: 'Sobre estas condiciones',
        blocks: [
          {
            p: 'Veritext es un servicio web que compara textos con otros documentos para encontrar los pasajes que comparten (una revisión de plagio) y estima qué pasajes de un texto parecen escritos por un modelo de IA (el detector de IA). «Nosotros» es quien opera este servicio Veritext; «tú» es la persona u organización que lo usa.',
          },
          {
            p: 'Al crear una cuenta, al revisar un texto como invitado o al comprar páginas aceptas estas condiciones. Si usas Veritext en nombre de una organización, confirmas que puedes aceptarlas por ella. Nuestra [Política de privacidad](privacy), la [Política de reembolso](refund) y la [Política de cancelación](cancellation) forman parte de estas condiciones.',
          },
        ],
      },
      {
        id: 'accounts',
        heading: 'Cuentas e invitados',
        blocks: [
          {
            p: 'Sin cuenta puedes revisar una página gratis (275 palabras) como invitado; tu navegador guarda para ello una cookie de invitado. Con una cuenta gratuita recibes una página gratis para empezar, guardas tus informes en Mis documentos y puedes comprar más páginas.',
          },
          {
            list: [
              'Indica una dirección de correo real que controles y no compartas tu contraseña. Eres responsable de lo que se haga con tu cuenta y con tu token de API.',
              'Debes tener la edad necesaria para aceptar estas condiciones en tu país. Un estudiante menor de esa edad solo puede usar Veritext a través de una organización (un centro educativo) o con permiso de sus padres.',
              'Una cuenta de organización la gestiona su propietario. El propietario compra páginas para ella, añade y quita miembros y decide cómo se guardan sus documentos (ver «Organizaciones» más abajo).',
              'Avísanos enseguida en {supportEmail} si crees que otra persona usa tu cuenta.',
            ],
          },
        ],
      },
      {
        id: 'service',
        heading: 'Qué hace el servicio y qué no',
        blocks: [
          {
            p: 'Un informe de similitud muestra los pasajes de tu texto que coinciden con documentos revisados en este servicio Veritext (o, dentro de una organización que guarda aparte sus documentos, con los documentos de esa organización) y con las colecciones de referencia que cargan nuestros administradores. Cada informe indica con qué se comparó.',
          },
          {
            list: [
              'Las fuentes de internet solo se buscan si quien opera este servicio ha configurado un proveedor de búsqueda web, y siempre con un tiempo límite. El informe dice si se buscó en internet, si la búsqueda fue parcial o si no se buscó, y por qué. Una página que el proveedor no devuelve, o que prohíbe los robots, no se puede encontrar.',
              'El detector de IA da una estimación estadística para textos en inglés y en español. Puede equivocarse en los dos sentidos, sobre todo en textos cortos, formularios o muy editados.',
              'Un porcentaje de similitud o una puntuación de IA no prueban una falta. Las citas, las frases habituales y los pasajes bien citados pueden coincidir. Una persona debe leer el informe y tomar cualquier decisión; no sanciones a nadie solo por una puntuación.',
              'El generador de citas, el corrector gramatical y la conexión con plataformas de aprendizaje (LMS) aún no están disponibles. No forman parte de nada de lo que compras hoy.',
            ],
          },
        ],
      },
      {
        id: 'texts',
        heading: 'Tus textos',
        blocks: [
          {
            p: 'Conservas todos los derechos que tengas sobre los textos y archivos que revisas. Nos das el permiso necesario para prestar el servicio: guardar tu texto, su informe y sus huellas, comparar con él los textos que se revisen después y mostrar el pasaje coincidente de tu texto (nunca tu nombre ni tu correo) a otro usuario cuyo texto coincida con él.',
          },
          {
            p: 'Salvo que lo excluyas, cada documento que revisas se incorpora al índice con el que se comparan las revisiones posteriores; la [Política de privacidad](privacy) explica cómo funciona ese índice, quién ve qué y cómo dejar un documento fuera de él.',
          },
          {
            p: 'Revisa solo textos que tengas derecho a enviar: tu propio trabajo, trabajos que te han pedido evaluar o textos cuyo titular está de acuerdo. No subas textos cuya divulgación tengas prohibida ni categorías especiales de datos personales (por ejemplo, de salud) que la revisión no necesita.',
          },
        ],
      },
      {
        id: 'acceptable-use',
        heading: 'Uso aceptable',
        blocks: [
          { p: 'No puedes:' },
          {
            list: [
              'infringir la ley ni los derechos de otras personas a través de Veritext;',
              'intentar acceder a datos de otros usuarios, sondear o atacar el servicio, ni eludir sus límites, su verificación anti-bots o su seguridad;',
              'crear cuentas o invitados de forma masiva, ni enviar peticiones automáticas si no es a través de la API y dentro de sus límites;',
              'revender el acceso a Veritext ni presentar sus informes como obra de otro servicio sin nuestro acuerdo por escrito;',
              'usar el servicio para crear o ajustar herramientas cuyo fin sea ocultar el plagio o la escritura con IA a docentes o editores.',
            ],
          },
          {
            p: 'Podemos limitar, suspender o cerrar una cuenta que incumpla estas reglas, en proporción al daño y, cuando sea posible, tras explicarte el motivo.',
          },
        ],
      },
      {
        id: 'pages-payments',
        heading: 'Páginas, precios y pago',
        blocks: [
          {
            list: [
              'Las revisiones se pagan en páginas: una página son 275 palabras del texto revisado. Las páginas de IA pagan el detector de IA, una página de IA por revisión de IA. Las páginas que necesita una revisión se reservan al enviarla y se cobran solo cuando el informe está listo; si la revisión falla, se devuelven.',
              'Las páginas se venden en paquetes de pago único y en suscripciones mensuales, a los precios de la [página de precios](/pricing/), en dólares estadounidenses, con el IVA añadido al pagar cuando corresponda. Un paquete se paga una vez y nada se renueva; una suscripción se renueva cada mes hasta que la cancelas (ver más abajo).',
              'Las páginas que compras no caducan. Pertenecen a la cuenta que elegiste al comprar: la tuya o la de una organización de la que eres propietario.',
              'Los pagos con tarjeta los gestiona Stripe, nuestro proveedor de pagos; nunca vemos ni guardamos el número de tu tarjeta. Un código promocional da el descuento que indica, durante los usos que permite.',
              'Si el precio mostrado al pagar es erróneo por un error evidente, podemos anular el pedido y reembolsarlo por completo.',
            ],
          },
          {
            p: 'Los reembolsos siguen la [Política de reembolso](refund); la cancelación de un pedido, de una suscripción o de tu cuenta sigue la [Política de cancelación](cancellation).',
          },
        ],
      },
      {
        id: 'subscriptions',
        heading: 'Suscripciones mensuales',
        blocks: [
          {
            list: [
              'Una suscripción da a la cuenta para la que se compró (la tuya o la de una organización de la que eres propietario) las páginas y las páginas de IA de su plan cada mes. El primer mes se paga al suscribirte. Después la suscripción se renueva cada mes, el mismo día del mes en que te suscribiste (o el último día del mes, si es más corto), y se cobra en la tarjeta con la que pagaste el precio del plan, con el IVA cuando corresponda, hasta que la canceles.',
              'Las páginas de cada mes se añaden al saldo cuando se paga ese mes. Las páginas que un mes deja sin usar se quedan en el saldo: no caducan con la renovación y no se retiran cuando la suscripción termina.',
              'Puedes cancelar en cualquier momento desde tu página de [Perfil](/profile/). La cancelación tiene efecto al final del mes que has pagado: la suscripción sigue activa hasta entonces, no se renueva y no se te vuelve a cobrar. El mes en curso no se reembolsa.',
              'Si se rechaza un pago de renovación, volvemos a intentar el cobro en la tarjeta una vez al día, hasta 3 veces en total. Mientras tanto la suscripción sigue siendo tuya; si todos los intentos fallan, termina sin ningún otro cargo y puedes empezar una nueva cuando quieras.',
              'Puedes mejorar a un plan más caro en cualquier momento, con efecto inmediato: pagas la diferencia entre los dos precios por la parte del mes en curso que queda (contada en días completos, con IVA), y las páginas de más del nuevo plan para esa parte se añaden en el momento. Desde la siguiente renovación pagas el precio del nuevo plan. Mejorar una suscripción cancelada hace que vuelva a renovarse. Para pasar a un plan más barato, cancela y empieza el nuevo plan cuando termine el actual.',
              'Los planes de equipo los compra el propietario de una organización, para la organización; solo el propietario puede mejorarlos o cancelarlos. Un miembro que se queda sin páginas puede pedirle más al propietario desde el formulario de revisión.',
              'Una revisión pagada con una suscripción puede tener como máximo 26.000 palabras; divide un texto más largo.',
            ],
          },
        ],
      },
      {
        id: 'organisations',
        heading: 'Organizaciones',
        blocks: [
          {
            list: [
              'Una organización tiene un saldo que usan las revisiones de sus miembros. El propietario puede fijar un límite de páginas por miembro.',
              'El propietario y los docentes de una organización pueden abrir los documentos que los miembros revisaron dentro de ella, con sus informes. Los documentos que revisas para ti, fuera de la organización, solo son tuyos.',
              'Los documentos de una organización se guardan en su propio índice, aparte de los de todos los demás.',
              'Cuando un miembro sale o elimina su cuenta, los documentos que revisó dentro de la organización se quedan en ella, sin su nombre.',
              'La organización es responsable de tener una base legal para revisar los textos de sus miembros y de informarles de ello.',
            ],
          },
        ],
      },
      {
        id: 'api',
        heading: 'La API',
        blocks: [
          {
            p: 'Puedes revisar textos desde tu propio software con tu token personal de API o con un token de organización, con estas mismas condiciones. Mantén los tokens en secreto: una llamada hecha con tu token cuenta como hecha por ti. Podemos limitar el ritmo de llamadas para que el servicio sea justo para todos.',
          },
        ],
      },
      {
        id: 'availability-support',
        heading: 'Disponibilidad y soporte',
        blocks: [
          {
            p: 'Trabajamos para que Veritext esté disponible y funcione bien, pero no prometemos que esté siempre disponible, sin interrupciones ni errores, y podemos cambiar, añadir o retirar funciones. No te quitaremos páginas que hayas pagado: si alguna vez cerramos el servicio, reembolsaremos las páginas sin usar como indica la [Política de reembolso](refund).',
          },
          {
            p: 'El soporte se presta por correo electrónico en [{supportEmail}](mailto:{supportEmail}). Respondemos en días laborables; no hay soporte las 24 horas.',
          },
        ],
      },
      {
        id: 'liability',
        heading: 'Responsabilidad',
        blocks: [
          {
            p: 'Veritext es una herramienta que ayuda a las personas a valorar un texto; la decisión y sus consecuencias corresponden a quien la toma. En la medida en que la ley lo permita, no respondemos de daños indirectos o consecuentes ni de decisiones tomadas a partir de un informe, y nuestra responsabilidad total ante ti se limita a lo que nos pagaste en los doce meses anteriores a la reclamación.',
          },
          {
            p: 'Nada en estas condiciones limita la responsabilidad que la ley no permite limitar, como la derivada de fraude o de muerte o lesiones causadas por negligencia, ni los derechos que tienes como consumidor.',
          },
        ],
      },
      {
        id: 'ending',
        heading: 'Fin del acuerdo',
        blocks: [
          {
            p: 'Puedes dejar de usar Veritext cuando quieras y eliminar tu cuenta desde tu página de [Perfil](/profile/); la [Política de privacidad](privacy) indica qué se elimina y qué conserva una organización. Podemos cerrar una cuenta que incumpla estas condiciones de forma grave o reiterada. Las secciones sobre tus textos, la responsabilidad y la ley aplicable siguen vigentes después de que termine el acuerdo.',
          },
        ],
      },
      {
        id: 'changes-law',
        heading: 'Cambios y ley aplicable',
        blocks: [
          {
            p: 'Podemos actualizar estas condiciones. La fecha de arriba indica la versión vigente; si un cambio te afecta, avisaremos a los titulares de cuentas por correo o en el sitio al menos 30 días antes de que se aplique, y podrás eliminar tu cuenta antes. Si sigues usando Veritext después, se aplican las nuevas condiciones.',
          },
          {
            p: 'Estas condiciones se rigen por la ley del país donde está establecido quien opera este servicio. Si eres consumidor, conservas además la protección de las normas imperativas del país donde vives y puedes reclamar ante sus tribunales.',
          },
        ],
      },
      {
        id: 'contact',
        heading: 'Contacto',
        blocks: [
          {
            p: 'Preguntas sobre estas condiciones: [{supportEmail}](mailto:{supportEmail}).',
          },
        ],
      },
    ],
  },
};
