import type { LegalDocument } from '../legalText.ts';

/**
 * Privacy policy. It describes what the code stores (the migrations under apps/server/src/db/migrations), what the
 * cleanup jobs delete (jobs/maintenance.*, modules/botcheck, the guest sweep modules/profile/guest-retention.ts with
 * GUEST_RETENTION_DAYS), what deleting a check removes (text-checks.delete.ts, ai-checks.delete.ts), the check
 * form's opt-out box (dataControls.excludeFromIndex in the i18n files) and what account deletion removes
 * (modules/profile/account-deletion.ts): change it when those change. Keep en and es section for section.
 */
export const PRIVACY: LegalDocument = {
  en: {
    title: 'Privacy Policy',
    lead: 'What Veritext stores about you and the texts you check, why, who can see it, how long we keep it, and how you can control it.',
    sections: [
      {
        id: 'summary',
        heading: 'In short',
        blocks: [
          {
            list: [
              'We store the texts you check and their reports, so that you can open them again in My Documents.',
              'Unless you tick "Don\'t add this text to the Veritext index" on the check form, a checked document also joins the index that later checks are compared with. Another user whose text matches yours sees the matching passage, never your name or email address. An organisation’s documents are kept apart in its own index.',
              'We do not sell your data, show advertising or use tracking or analytics cookies.',
              'You can delete a check from My Documents, an AI check from its result, and your account, with your personal checks, from your Profile page, at any time.',
              'A guest that makes no check for {guestRetentionDays} days is deleted with its checks.',
            ],
          },
        ],
      },
      {
        id: 'controller',
        heading: 'Who is responsible',
        blocks: [
          {
            p: 'The operator of this Veritext service is responsible for the personal data described here. For any question or request about your data write to [{supportEmail}](mailto:{supportEmail}). When you check texts inside an organisation (a school, for example), that organisation also decides how its members’ documents are used, and you can ask it as well.',
          },
        ],
      },
      {
        id: 'what-we-store',
        heading: 'What we store and why',
        blocks: [
          {
            p: 'Your account — to let you sign in and to run the service you asked for:',
          },
          {
            list: [
              'your email address, your name if you give one, your password (only as an Argon2 hash, never in readable form), your language and time zone, and when you confirmed your email address;',
              'your personal API token, which you can see in your profile, and your balances of pages and AI pages with every change to them (purchases, checks, bonuses);',
              'the agreements you accepted (terms and privacy policy, and the optional news agreement of the activity-report portal) with their date;',
              'if you sign in with Google: the identifier Google gives your account and the email address it reported, so that we recognise you next time. We do not receive your Google password.',
            ],
          },
          {
            p: 'The texts you check — to produce and keep your reports:',
          },
          {
            list: [
              'for a plagiarism check: the text (for a file, the text we extracted from it; the file itself is not kept), its title and file name, its language, word and page counts, the similarity report and its status;',
              'for an AI check: the text, the result (score, verdict and marked passages) and, if you give it, your feedback (thumbs up or down and a comment);',
              'checks made inside an organisation are recorded with the organisation, and page limits and pages used per member are counted there.',
            ],
          },
          {
            p: 'Organisations — to let an owner run one: the organisation’s name, its members with their role and page limit, invitations (the address the owner typed) and its registration links.',
          },
          {
            p: 'Purchases — to sell and account for pages: your orders (packs, quantities, promo code, amounts, VAT and status) and the identifier of each payment session. Card details are entered on Stripe’s page (or, on a test installation, on our sandbox page that accepts only test cards and stores no card data); we never receive or keep card numbers.',
          },
          {
            p: 'Security — to protect accounts and the service: for each signed-in session, a hash of its identifier, the browser’s user agent, the IP address, and when it was created and last used; a count of failed logins per account; the one-time codes of email links (only as SHA-256 hashes); used bot-check solutions; and, for each guest created, a keyed hash of the address it came from (never the address itself).',
          },
          {
            p: 'The activity-report portal — if you sign up there: your role, your school or university if you give it, and your answer to "How can we help you?".',
          },
        ],
      },
      {
        id: 'shared-index',
        heading: 'The shared index of checked documents',
        blocks: [
          {
            p: 'Plagiarism between students is found by comparing a new text with texts checked before. For that, after its check every document joins an index: its text and title, and fingerprints (short hashes of its word sequences) used to find candidate matches.',
          },
          {
            list: [
              'Documents checked by individuals and guests join the shared index of this Veritext service, which every later check is compared with.',
              'Documents checked inside an organisation join that organisation’s own index, which only its own checks are compared with.',
              'When another user’s text matches your document, their report shows the matching passage and a neutral label such as "a document submitted to Veritext" with its date. It never shows your name, your email address or the rest of your text.',
              'AI detector checks never join the index.',
              'A document leaves the index at once when its check fails, when you delete the check, when you delete your account (your personal documents), and when a guest is deleted.',
            ],
          },
          {
            p: 'How to keep a document out of the index: tick "Don\'t add this text to the Veritext index" on the check form before you send it (through the API, send exclude_from_index=true). The document is then checked like any other but never added, so no later check is compared with it. A document already in the index leaves it when you delete its check from [My Documents](/profile/my-documents). An organisation’s documents never join the shared index of everyone’s documents.',
          },
        ],
      },
      {
        id: 'who-sees',
        heading: 'Who can see your data',
        blocks: [
          {
            list: [
              'You: your profile, your documents and reports, your AI checks and your orders.',
              'Your organisation: its owner and teachers can open the documents checked inside the organisation and their reports, and see the pages each member used. They do not see what you check for yourself outside it.',
              'Other users: only the matching passages described above.',
              'Our staff: only when needed to run, secure or support the service, or when the law requires it.',
              'Service providers who process data for us and only on our instructions: our hosting provider (where the database and logs are), our email provider (for the messages below), Stripe (for card payments; Stripe receives your email address and the amount) and, if you choose to sign in with Google, Google.',
            ],
          },
          {
            p: 'Stripe and Google may process data outside your country, including in the United States, under their own safeguards for international transfers. We disclose data to authorities only when the law obliges us to.',
          },
        ],
      },
      {
        id: 'email',
        heading: 'Email',
        blocks: [
          {
            p: 'We send email only for your account: the link to confirm your address (valid 48 hours), password-reset links (valid 1 hour), invitations to join an organisation, and the set-password link of an account an organisation owner created for you (valid 7 days). We do not send newsletters unless you agreed to receive news in the activity-report portal.',
          },
        ],
      },
      {
        id: 'retention',
        heading: 'How long we keep data',
        blocks: [
          {
            list: [
              'Your account, its balances and orders: as long as the account exists.',
              'Your checks with their texts and reports: as long as the account exists, or until you delete them. In [My Documents](/profile/my-documents), Delete removes a check for good, in one step: its text, its report, its AI check and its entry in the index. Your AI detector checks are listed under My Documents → AI checks; Delete there, or "Delete this check" under a result, removes that AI check with its text and result. A check still running can be deleted once it has finished. The pages a deleted check used are not given back. Reports that other users received before the deletion keep what they showed: passages of their own text and a neutral label.',
              'Signed-in sessions: 1 day, or 30 days with "Remember me"; a logout ends the session at once, and expired sessions are deleted by an hourly cleanup job.',
              'Used bot-check solutions: until they expire, then the same hourly job deletes them. The keyed hashes of guest addresses: 2 days.',
              'The codes of email links stop working after the times above and are deleted with the account.',
              'Guests: a guest that has made no check for {guestRetentionDays} days (counted from its creation or its last check) is deleted by a job that runs every hour, with its checks, their reports and AI checks, and their entries in the index. If you sign up or log in from the same browser before that, the guest’s checks move to your account and appear in My Documents: they are then yours, and you can delete them there. The emptied guest record that paid for them (no text, no email address) is deleted once they are gone; the guest cookie lasts {guestCookieDays} days, but the guest it names is deleted as described.',
              'A check that is still running after an hour is failed by a cleanup job that runs every 15 minutes: its pages are given back and its document leaves the index.',
              'Server logs: see below.',
            ],
          },
        ],
      },
      {
        id: 'deletion',
        heading: 'Deleting your account',
        blocks: [
          {
            p: 'You can delete your account from your [Profile](/profile/) page, confirming with your password. It is deleted at once and for good:',
          },
          {
            list: [
              'deleted: your name, email address, password, sessions, API token, email codes and agreements; your balance and its history; your personal plagiarism and AI checks with their texts and reports, and your documents in the index; any organisation where you were the only member, with its checks and balance;',
              'kept by the organisation: checks you made inside an organisation that has other members stay with it, without your name, because they are part of its records;',
              'if you are the last administrator of an organisation that has other members, first make another member its administrator.',
            ],
          },
          {
            p: 'Veritext itself keeps no other copy. If the operator of this service keeps backups of its database, copies there disappear as those backups are replaced. Stripe keeps its own record of your payments as the law requires.',
          },
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies and local storage',
        blocks: [
          {
            p: 'We use only what the site needs to work. There are no advertising, tracking or analytics cookies, and no third-party scripts.',
          },
          {
            list: [
              'vt_session (cookie, HttpOnly): keeps you signed in; it ends with the browser session, or after 30 days with "Remember me".',
              'guest_data (cookie): identifies your guest account and its free page; it lasts {guestCookieDays} days and is cleared when you sign up or log in.',
              'vt_csrf (cookie, HttpOnly): a random value that protects forms against forgery from other sites; it ends with the browser session.',
              'vt_oidc (cookie, HttpOnly): only while you sign in with Google, for at most 10 minutes.',
              'language (local storage): your choice of English or Spanish.',
              'isLogin, socialLogin and profile (local storage): whether you are signed in and a copy of your profile (name, email address, balances), so that every open tab shows the same state; cleared when you log out.',
              'firstCheck, firstAiCheck and firstBuy (local storage): a text you asked a guest check for, or a pack or monthly plan you chose, kept only until you sign up so that it can continue; then removed.',
              'cookieNoticeDismissed (local storage): that you closed the cookie notice.',
            ],
          },
        ],
      },
      {
        id: 'logs',
        heading: 'Server logs',
        blocks: [
          {
            p: 'Our server writes a line for each request: time, method and path, status, duration, a request identifier and the IP address. The texts you check are not written to the logs. Veritext does not store these lines itself: it writes them to the server’s output, and how long they are kept there depends on the hosting set-up of the operator of this service. They are used to keep the service running and secure and to investigate errors and abuse. We also count requests and jobs in aggregate figures that identify no one.',
          },
        ],
      },
      {
        id: 'legal-bases',
        heading: 'Legal bases',
        blocks: [
          {
            list: [
              'Performing our contract with you: your account, your checks and reports, purchases and the email about your account.',
              'Our legitimate interests: the shared index (so that checks can find copying between documents), security data and logs, preventing abuse. You can object; see below.',
              'Legal obligations: keeping payment records.',
              'Consent: the optional news agreement of the activity-report portal, which you can withdraw at any time.',
              'For checks inside an organisation, the organisation decides why and how its members’ texts are checked and is responsible for its own legal basis.',
            ],
          },
        ],
      },
      {
        id: 'your-rights',
        heading: 'Your rights',
        blocks: [
          {
            p: 'Depending on where you live, you may have the right to access your data, correct it, delete it, receive a copy in a usable format, restrict or object to its use, and withdraw consent. Much of this you can do yourself: see and correct your profile on the [Profile](/profile/) page, see your checks in [My Documents](/profile/my-documents), download your reports, delete a check (which also takes it out of the index) and delete your account. For anything else, write to [{supportEmail}](mailto:{supportEmail}): a member of our staff answers by email. You may also complain to your data protection authority.',
          },
        ],
      },
      {
        id: 'security',
        heading: 'Security',
        blocks: [
          {
            p: 'Passwords are stored as Argon2 hashes; session identifiers, email codes and API tokens are looked up by their hashes; the site is served over HTTPS with cookies marked Secure, HttpOnly where scripts need no access, and SameSite; forms are protected against cross-site forgery. No system is perfectly secure: if a breach puts your data at risk, we will tell you and the authorities as the law requires.',
          },
        ],
      },
      {
        id: 'children',
        heading: 'Children',
        blocks: [
          {
            p: 'Veritext is not meant for children to use on their own. Younger students use it through their school, which is responsible for their consent, or with a parent’s permission. If you believe a child gave us data without that, write to us and we will delete it.',
          },
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to this policy',
        blocks: [
          {
            p: 'When what we store or how we use it changes, we update this page and its date. For a change that affects you, account holders are told by email or on the site before it applies.',
          },
        ],
      },
    ],
  },
  es: {
    title: 'Política de privacidad',
    lead: 'Qué guarda Veritext sobre ti y sobre los textos que revisas, para qué, quién puede verlo, cuánto tiempo lo conservamos y cómo puedes controlarlo.',
    sections: [
      {
        id: 'summary',
        heading: 'En resumen',
        blocks: [
          {
            list: [
              'Guardamos los textos que revisas y sus informes, para que puedas volver a abrirlos en Mis documentos.',
              'Salvo que marques «No añadir este texto al índice de Veritext» en el formulario de revisión, un documento revisado se incorpora también al índice con el que se comparan las revisiones posteriores. Otro usuario cuyo texto coincida con el tuyo ve el pasaje coincidente, nunca tu nombre ni tu correo. Los documentos de una organización se guardan aparte, en su propio índice.',
              'No vendemos tus datos, no mostramos publicidad ni usamos cookies de seguimiento o de analítica.',
              'Puedes eliminar una revisión desde Mis documentos, una revisión de IA desde su resultado y tu cuenta, con tus revisiones personales, desde tu página de Perfil, cuando quieras.',
              'Un invitado que no hace ninguna revisión en {guestRetentionDays} días se elimina con sus revisiones.',
            ],
          },
        ],
      },
      {
        id: 'controller',
        heading: 'Responsable',
        blocks: [
          {
            p: 'Quien opera este servicio Veritext es responsable de los datos personales descritos aquí. Para cualquier pregunta o solicitud sobre tus datos, escribe a [{supportEmail}](mailto:{supportEmail}). Cuando revisas textos dentro de una organización (un centro educativo, por ejemplo), esa organización también decide cómo se usan los documentos de sus miembros, y puedes dirigirte también a ella.',
          },
        ],
      },
      {
        id: 'what-we-store',
        heading: 'Qué guardamos y para qué',
        blocks: [
          {
            p: 'Tu cuenta, para que puedas iniciar sesión y prestarte el servicio que pediste:',
          },
          {
            list: [
              'tu dirección de correo, tu nombre si lo indicas, tu contraseña (solo como hash Argon2, nunca legible), tu idioma y zona horaria, y cuándo confirmaste tu correo;',
              'tu token personal de API, que puedes ver en tu perfil, y tus saldos de páginas y de páginas de IA con cada cambio (compras, revisiones, bonificaciones);',
              'los acuerdos que aceptaste (condiciones de uso y política de privacidad, y el acuerdo opcional de noticias del portal del informe de actividad) con su fecha;',
              'si inicias sesión con Google: el identificador que Google da a tu cuenta y la dirección de correo que nos comunicó, para reconocerte la próxima vez. No recibimos tu contraseña de Google.',
            ],
          },
          {
            p: 'Los textos que revisas, para elaborar y conservar tus informes:',
          },
          {
            list: [
              'en una revisión de plagio: el texto (en un archivo, el texto que extrajimos; el archivo no se guarda), su título y nombre de archivo, su idioma, el recuento de palabras y páginas, el informe de similitud y su estado;',
              'en una revisión de IA: el texto, el resultado (puntuación, veredicto y pasajes marcados) y, si la das, tu valoración (pulgar arriba o abajo y un comentario);',
              'las revisiones hechas dentro de una organización se registran con la organización, y allí se cuentan los límites y las páginas usadas por cada miembro.',
            ],
          },
          {
            p: 'Organizaciones, para que un propietario pueda gestionarla: el nombre de la organización, sus miembros con su rol y límite de páginas, las invitaciones (la dirección que escribió el propietario) y sus enlaces de registro.',
          },
          {
            p: 'Compras, para vender y contabilizar las páginas: tus pedidos (paquetes, cantidades, código promocional, importes, IVA y estado) y el identificador de cada sesión de pago. Los datos de la tarjeta se introducen en la página de Stripe (o, en una instalación de prueba, en nuestra página de pruebas, que solo acepta tarjetas de prueba y no guarda datos de tarjetas); nunca recibimos ni guardamos números de tarjeta.',
          },
          {
            p: 'Seguridad, para proteger las cuentas y el servicio: de cada sesión iniciada, un hash de su identificador, el agente de usuario del navegador, la dirección IP y cuándo se creó y se usó por última vez; el número de inicios de sesión fallidos por cuenta; los códigos de un solo uso de los enlaces por correo (solo como hashes SHA-256); las soluciones usadas de la verificación anti-bots; y, por cada invitado creado, un hash con clave de la dirección de la que vino (nunca la dirección).',
          },
          {
            p: 'El portal del informe de actividad, si te registras en él: tu rol, tu centro o universidad si lo indicas y tu respuesta a «¿Cómo podemos ayudarte?».',
          },
        ],
      },
      {
        id: 'shared-index',
        heading: 'El índice compartido de documentos revisados',
        blocks: [
          {
            p: 'El plagio entre estudiantes se detecta comparando un texto nuevo con textos revisados antes. Para ello, tras su revisión cada documento se incorpora a un índice: su texto y título, y huellas (hashes cortos de sus secuencias de palabras) que sirven para encontrar posibles coincidencias.',
          },
          {
            list: [
              'Los documentos revisados por particulares e invitados se incorporan al índice compartido de este servicio Veritext, con el que se compara cada revisión posterior.',
              'Los documentos revisados dentro de una organización se incorporan al índice propio de esa organización, con el que solo se comparan sus propias revisiones.',
              'Cuando el texto de otro usuario coincide con tu documento, su informe muestra el pasaje coincidente y una etiqueta neutra como «un documento enviado a Veritext» con su fecha. Nunca muestra tu nombre, tu correo ni el resto de tu texto.',
              'Las revisiones del detector de IA nunca se incorporan al índice.',
              'Un documento sale del índice enseguida cuando su revisión falla, cuando eliminas la revisión, cuando eliminas tu cuenta (tus documentos personales) y cuando se elimina un invitado.',
            ],
          },
          {
            p: 'Cómo dejar un documento fuera del índice: marca «No añadir este texto al índice de Veritext» en el formulario de revisión antes de enviarlo (a través de la API, envía exclude_from_index=true). El documento se revisa como cualquier otro pero nunca se incorpora, así que ninguna revisión posterior se compara con él. Un documento que ya está en el índice sale de él cuando eliminas su revisión desde [Mis documentos](/profile/my-documents). Los documentos de una organización nunca se incorporan al índice compartido de los documentos de todos.',
          },
        ],
      },
      {
        id: 'who-sees',
        heading: 'Quién puede ver tus datos',
        blocks: [
          {
            list: [
              'Tú: tu perfil, tus documentos e informes, tus revisiones de IA y tus pedidos.',
              'Tu organización: su propietario y sus docentes pueden abrir los documentos revisados dentro de la organización y sus informes, y ver las páginas que usó cada miembro. No ven lo que revisas para ti fuera de ella.',
              'Otros usuarios: solo los pasajes coincidentes descritos arriba.',
              'Nuestro personal: solo cuando sea necesario para operar, proteger o dar soporte al servicio, o cuando la ley lo exija.',
              'Proveedores que tratan datos por encargo nuestro y solo según nuestras instrucciones: nuestro proveedor de alojamiento (donde están la base de datos y los registros), nuestro proveedor de correo (para los mensajes indicados abajo), Stripe (para los pagos con tarjeta; Stripe recibe tu correo y el importe) y, si eliges iniciar sesión con Google, Google.',
            ],
          },
          {
            p: 'Stripe y Google pueden tratar datos fuera de tu país, incluso en Estados Unidos, con sus propias garantías para transferencias internacionales. Solo comunicamos datos a las autoridades cuando la ley nos obliga.',
          },
        ],
      },
      {
        id: 'email',
        heading: 'Correo electrónico',
        blocks: [
          {
            p: 'Solo enviamos correos relacionados con tu cuenta: el enlace para confirmar tu dirección (válido 48 horas), los enlaces para restablecer la contraseña (válidos 1 hora), las invitaciones a unirte a una organización y el enlace para crear la contraseña de una cuenta que el propietario de una organización creó para ti (válido 7 días). No enviamos boletines salvo que aceptaras recibir noticias en el portal del informe de actividad.',
          },
        ],
      },
      {
        id: 'retention',
        heading: 'Cuánto tiempo conservamos los datos',
        blocks: [
          {
            list: [
              'Tu cuenta, sus saldos y pedidos: mientras exista la cuenta.',
              'Tus revisiones con sus textos e informes: mientras exista la cuenta o hasta que las elimines. En [Mis documentos](/profile/my-documents), Eliminar borra una revisión para siempre, de una vez: su texto, su informe, su revisión de IA y su entrada en el índice. Tus revisiones del detector de IA aparecen en Mis documentos → Revisiones de IA; Eliminar allí, o «Eliminar esta revisión» bajo un resultado, borra esa revisión de IA con su texto y su resultado. Una revisión en curso se puede eliminar cuando haya terminado. Las páginas que usó una revisión eliminada no se devuelven. Los informes que otros usuarios recibieron antes de la eliminación conservan lo que mostraban: pasajes de su propio texto y una etiqueta neutra.',
              'Sesiones iniciadas: 1 día, o 30 días con «Recordarme»; al cerrar sesión termina en el acto, y una tarea de limpieza que se ejecuta cada hora elimina las sesiones caducadas.',
              'Soluciones usadas de la verificación anti-bots: hasta que caducan; después la misma tarea horaria las elimina. Los hashes con clave de las direcciones de invitados: 2 días.',
              'Los códigos de los enlaces por correo dejan de funcionar tras los plazos indicados arriba y se eliminan con la cuenta.',
              'Invitados: un invitado que no ha hecho ninguna revisión en {guestRetentionDays} días (contados desde su creación o su última revisión) lo elimina una tarea que se ejecuta cada hora, con sus revisiones, sus informes y revisiones de IA, y sus entradas en el índice. Si antes te registras o inicias sesión desde el mismo navegador, las revisiones del invitado pasan a tu cuenta y aparecen en Mis documentos: entonces son tuyas y puedes eliminarlas allí. El registro vacío del invitado que las pagó (sin textos ni correo) se elimina cuando ya no quedan; la cookie de invitado dura {guestCookieDays} días, pero el invitado al que apunta se elimina como se indica.',
              'Una revisión que sigue en curso pasada una hora la da por fallida una tarea de limpieza que se ejecuta cada 15 minutos: se devuelven sus páginas y su documento sale del índice.',
              'Registros del servidor: ver más abajo.',
            ],
          },
        ],
      },
      {
        id: 'deletion',
        heading: 'Eliminar tu cuenta',
        blocks: [
          {
            p: 'Puedes eliminar tu cuenta desde tu página de [Perfil](/profile/), confirmando con tu contraseña. Se elimina en el acto y de forma definitiva:',
          },
          {
            list: [
              'se elimina: tu nombre, correo, contraseña, sesiones, token de API, códigos de correo y acuerdos; tu saldo y su historial; tus revisiones personales de plagio y de IA con sus textos e informes, y tus documentos del índice; cualquier organización de la que fueras el único miembro, con sus revisiones y su saldo;',
              'lo conserva la organización: las revisiones que hiciste dentro de una organización con otros miembros se quedan en ella, sin tu nombre, porque forman parte de sus registros;',
              'si eres el último administrador de una organización con otros miembros, primero nombra administrador a otro miembro.',
            ],
          },
          {
            p: 'Veritext no guarda ninguna otra copia. Si quien opera este servicio hace copias de seguridad de su base de datos, las copias que haya en ellas desaparecen a medida que se sustituyen. Stripe conserva su propio registro de tus pagos según exige la ley.',
          },
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies y almacenamiento local',
        blocks: [
          {
            p: 'Solo usamos lo que el sitio necesita para funcionar. No hay cookies de publicidad, seguimiento ni analítica, ni scripts de terceros.',
          },
          {
            list: [
              'vt_session (cookie, HttpOnly): mantiene tu sesión iniciada; termina al cerrar el navegador, o a los 30 días con «Recordarme».',
              'guest_data (cookie): identifica tu cuenta de invitado y su página gratis; dura {guestCookieDays} días y se borra al registrarte o iniciar sesión.',
              'vt_csrf (cookie, HttpOnly): un valor aleatorio que protege los formularios contra falsificaciones desde otros sitios; termina al cerrar el navegador.',
              'vt_oidc (cookie, HttpOnly): solo mientras inicias sesión con Google, 10 minutos como máximo.',
              'language (almacenamiento local): tu elección de inglés o español.',
              'isLogin, socialLogin y profile (almacenamiento local): si has iniciado sesión y una copia de tu perfil (nombre, correo, saldos), para que todas las pestañas abiertas muestren el mismo estado; se borran al cerrar sesión.',
              'firstCheck, firstAiCheck y firstBuy (almacenamiento local): un texto que pediste revisar como invitado o un paquete o plan mensual que elegiste, guardados solo hasta que te registres para poder continuar; después se eliminan.',
              'cookieNoticeDismissed (almacenamiento local): que cerraste el aviso de cookies.',
            ],
          },
        ],
      },
      {
        id: 'logs',
        heading: 'Registros del servidor',
        blocks: [
          {
            p: 'Nuestro servidor escribe una línea por cada petición: hora, método y ruta, estado, duración, un identificador de la petición y la dirección IP. Los textos que revisas no se escriben en los registros. Veritext no guarda estas líneas: las escribe en la salida del servidor, y cuánto tiempo se conservan allí depende de la configuración del alojamiento de quien opera este servicio. Sirven para mantener el servicio en marcha y seguro e investigar errores y abusos. También contamos peticiones y tareas en cifras agregadas que no identifican a nadie.',
          },
        ],
      },
      {
        id: 'legal-bases',
        heading: 'Bases legales',
        blocks: [
          {
            list: [
              'La ejecución de nuestro contrato contigo: tu cuenta, tus revisiones e informes, las compras y los correos sobre tu cuenta.',
              'Nuestro interés legítimo: el índice compartido (para que las revisiones detecten copias entre documentos), los datos de seguridad y los registros, y la prevención de abusos. Puedes oponerte; ver abajo.',
              'Obligaciones legales: conservar los registros de pagos.',
              'El consentimiento: el acuerdo opcional de noticias del portal del informe de actividad, que puedes retirar cuando quieras.',
              'En las revisiones dentro de una organización, la organización decide por qué y cómo se revisan los textos de sus miembros y responde de su propia base legal.',
            ],
          },
        ],
      },
      {
        id: 'your-rights',
        heading: 'Tus derechos',
        blocks: [
          {
            p: 'Según dónde vivas, puedes tener derecho a acceder a tus datos, rectificarlos, suprimirlos, recibir una copia en un formato utilizable, limitar u oponerte a su uso y retirar tu consentimiento. Mucho de ello puedes hacerlo tú: ver y corregir tu perfil en la página de [Perfil](/profile/), ver tus revisiones en [Mis documentos](/profile/my-documents), descargar tus informes, eliminar una revisión (lo que también la saca del índice) y eliminar tu cuenta. Para lo demás, escribe a [{supportEmail}](mailto:{supportEmail}): una persona de nuestro equipo te responde por correo. También puedes reclamar ante tu autoridad de protección de datos.',
          },
        ],
      },
      {
        id: 'security',
        heading: 'Seguridad',
        blocks: [
          {
            p: 'Las contraseñas se guardan como hashes Argon2; los identificadores de sesión, los códigos de correo y los tokens de API se buscan por sus hashes; el sitio se sirve por HTTPS con cookies marcadas como Secure, HttpOnly cuando los scripts no necesitan acceder a ellas, y SameSite; los formularios están protegidos contra falsificaciones entre sitios. Ningún sistema es perfectamente seguro: si una brecha pone en riesgo tus datos, te lo diremos a ti y a las autoridades como exige la ley.',
          },
        ],
      },
      {
        id: 'children',
        heading: 'Menores',
        blocks: [
          {
            p: 'Veritext no está pensado para que lo usen niños por su cuenta. Los estudiantes más jóvenes lo usan a través de su centro, que responde de su consentimiento, o con permiso de sus padres. Si crees que un menor nos dio datos sin ello, escríbenos y los eliminaremos.',
          },
        ],
      },
      {
        id: 'changes',
        heading: 'Cambios en esta política',
        blocks: [
          {
            p: 'Cuando cambie lo que guardamos o cómo lo usamos, actualizaremos esta página y su fecha. Si un cambio te afecta, avisaremos a los titulares de cuentas por correo o en el sitio antes de que se aplique.',
          },
        ],
      },
    ],
  },
};
