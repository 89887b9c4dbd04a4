/*
 * The words of the quick guide to Veritext (commerce-and-cabinet.md §2 "Quick-guide form", issue 18), in English and
 * Spanish. Each section is a heading with paragraphs and bullet lists; quick-guide.pdf.ts lays them out. Only what the
 * product does: no claims beyond it (the AI detector's limits are said as plainly as its levels).
 */

export type GuideBlock = { kind: 'p'; text: string } | { kind: 'list'; items: readonly string[] };
export type GuideSection = { heading: string; blocks: readonly GuideBlock[] };
export type GuideContent = {
  title: string;
  subtitle: string;
  sections: readonly GuideSection[];
  footer: string;
};

const p = (text: string): GuideBlock => ({ kind: 'p', text });
const list = (...items: string[]): GuideBlock => ({ kind: 'list', items });

export const QUICK_GUIDE_EN: GuideContent = {
  title: 'Veritext quick guide',
  subtitle: 'Check texts for plagiarism and AI writing, read the report, and work with your organisation.',
  sections: [
    {
      heading: '1. Check a text or a file',
      blocks: [
        p(
          'Open New check (or the check form on the home page). Paste your text into the text box, or drop a file on it, or use the upload button. Several files can be added at once; each row shows whether it is ready or has an error, and can be removed before the check.',
        ),
        list(
          'A text needs at least 80 symbols (spaces and special characters are not counted).',
          'Choose the language of the text (English or Spanish) so that it is compared with the right sources.',
          'The confirmation shows how many pages the check will use and your balance before anything is charged.',
          'Without an account you can check one free page (275 words); longer texts need an account and pages.',
        ),
        p(
          'The check runs in the background: the report window shows its progress and opens the report when it is ready. You can close it and find the result later in My Documents.',
        ),
      ],
    },
    {
      heading: '2. Read the similarity report',
      blocks: [
        p(
          'The report opens with the Similarity total: the share of the text that is identical to a source and the share that is changed (paraphrased) text. The left pane shows your text with the matching passages highlighted; the right pane (a sheet at the bottom on a phone) lists what was found.',
        ),
        list(
          'Similarity: the sources your text matches, each with its share of the text. Click a source to highlight its passages.',
          'Quotes: passages in quotation marks. They are listed apart so that correctly quoted text is easy to tell from copied text.',
          'References: the bibliography entries found in the text.',
          'Ignore source: leaves a source out of the total, for example your own earlier paper or a text the task allowed.',
          'Only this source: shows the text with the passages of one source alone.',
        ),
        p(
          'Settings change what the total counts: exclude sources below a percentage, exclude self-plagiarism by author name, and include or leave out quotes and references. Teachers can add comments to the whole report or to a selected passage. A report can be downloaded as PDF, printed or shared by e-mail.',
        ),
        p(
          'A similarity percentage is not a verdict. Read the highlighted passages: a properly quoted and referenced passage is not plagiarism, and a short common phrase may match many sources.',
        ),
      ],
    },
    {
      heading: '3. The AI detector',
      blocks: [
        p(
          'The AI detector estimates whether a text reads as written by a person or by an AI tool. It needs at least 250 characters and uses AI pages. The result highlights the parts of the text that read as AI-written and gives a level:',
        ),
        list(
          'Human-written and Likely human: the writing is like the human texts the detector was tested on.',
          'Potentially AI: texts by people and AI-written texts both get results like this; the detector cannot tell.',
          'Likely AI, Highly likely AI and Most likely AI: the writing is increasingly like AI-written text.',
        ),
        p(
          'Limits: no AI detector is certain. Short texts, texts by writers in a second language, heavily edited AI text and very formulaic writing are the hardest cases. Treat a result as a reason to look closer and to talk with the writer, never as proof on its own. You can rate a result with the thumbs up or down buttons and download it as PDF.',
        ),
      ],
    },
    {
      heading: '4. My Documents and folders',
      blocks: [
        p(
          'My Documents lists every check with its name, author, pages, words, similarity, AI score and status. Open a row to see its report again at no cost.',
        ),
        list(
          'Create folders and subfolders to sort checks by course, class or assignment, and move documents between them.',
          'Share a folder with a link, or a report by e-mail.',
          'The status column tells where a check is: in process, ready, or failed (with the reason).',
        ),
      ],
    },
    {
      heading: '5. Organisations',
      blocks: [
        p(
          'A school, university or company works in an organisation with one shared balance of pages. The owner or administrator manages it; members check texts with the organisation’s pages.',
        ),
        list(
          'Members: add people one by one, upload a list (xls, xlsx or csv with the columns Name, E-mail, Limit, Role), or send a registration link for each role.',
          'Roles: a Teacher sees every check of the organisation, comments on reports and can use the authorship check where the organisation allows it; a Student sees only their own checks; the Administrator (owner) manages members, page limits, statistics and the plan.',
          'Page limits: the administrator can give each member a limit, and the organisation’s balance applies to all.',
          'Statistics: monthly usage and median similarity over a date range, downloadable as CSV or XLS, and a dashboard of the 10 most recent works.',
          'LMS: tell us which learning management system you use (Canvas, Moodle, Google Classroom, MS Teams and others) in the Get in touch form and our team will advise on working with it.',
        ),
      ],
    },
    {
      heading: '6. Pages and pricing',
      blocks: [
        p(
          'Checks are paid in pages: 1 page = 275 words. A longer text uses as many pages as it has started blocks of 275 words. AI checks use AI pages.',
        ),
        list(
          'Page packs: pay only for what you use, with no subscription and no daily limits. Packs are bought on the Pricing page.',
          'Monthly plans: a number of plagiarism and AI pages every month, for individuals, teams or AI checks only.',
          'Organisations that need more pages can ask for a custom quote; we answer within 1 business day.',
        ),
      ],
    },
    {
      heading: '7. Help',
      blocks: [
        p(
          'Questions about a check, your account or a plan: write to us from the Contact us page. Institutions can send the Get in touch form for an offer.',
        ),
      ],
    },
  ],
  footer: 'Veritext quick guide',
};

export const QUICK_GUIDE_ES: GuideContent = {
  title: 'Guía rápida de Veritext',
  subtitle: 'Comprueba textos en busca de plagio y de escritura con IA, lee el informe y trabaja con tu organización.',
  sections: [
    {
      heading: '1. Comprobar un texto o un archivo',
      blocks: [
        p(
          'Abre Nueva comprobación (o el formulario de la página de inicio). Pega tu texto en el cuadro de texto, suelta un archivo sobre él o usa el botón de subida. Puedes añadir varios archivos a la vez; cada fila indica si está listo o tiene un error, y se puede quitar antes de comprobar.',
        ),
        list(
          'Un texto necesita al menos 80 símbolos (no se cuentan los espacios ni los caracteres especiales).',
          'Elige el idioma del texto (inglés o español) para que se compare con las fuentes adecuadas.',
          'La confirmación muestra cuántas páginas usará la comprobación y tu saldo antes de cobrar nada.',
          'Sin cuenta puedes comprobar una página gratis (275 palabras); los textos más largos necesitan una cuenta y páginas.',
        ),
        p(
          'La comprobación se hace en segundo plano: la ventana del informe muestra el progreso y abre el informe cuando está listo. Puedes cerrarla y encontrar el resultado más tarde en Mis documentos.',
        ),
      ],
    },
    {
      heading: '2. Leer el informe de similitud',
      blocks: [
        p(
          'El informe empieza con el total de similitud: la parte del texto idéntica a una fuente y la parte de texto modificado (parafraseado). El panel izquierdo muestra tu texto con los pasajes coincidentes resaltados; el panel derecho (una hoja inferior en el móvil) enumera lo encontrado.',
        ),
        list(
          'Similitud: las fuentes con las que coincide tu texto, cada una con su parte del texto. Haz clic en una fuente para resaltar sus pasajes.',
          'Citas: los pasajes entre comillas. Se enumeran aparte para distinguir el texto bien citado del copiado.',
          'Referencias: las entradas de bibliografía encontradas en el texto.',
          'Ignorar fuente: deja una fuente fuera del total, por ejemplo un trabajo tuyo anterior o un texto que la tarea permitía.',
          'Solo esta fuente: muestra el texto con los pasajes de una sola fuente.',
        ),
        p(
          'La configuración cambia lo que cuenta el total: excluir fuentes por debajo de un porcentaje, excluir el autoplagio por nombre de autor e incluir o dejar fuera citas y referencias. Los profesores pueden añadir comentarios a todo el informe o a un pasaje seleccionado. El informe se puede descargar en PDF, imprimir o compartir por correo electrónico.',
        ),
        p(
          'Un porcentaje de similitud no es un veredicto. Lee los pasajes resaltados: un pasaje bien citado y referenciado no es plagio, y una frase corta y común puede coincidir con muchas fuentes.',
        ),
      ],
    },
    {
      heading: '3. El detector de IA',
      blocks: [
        p(
          'El detector de IA estima si un texto parece escrito por una persona o por una herramienta de IA. Necesita al menos 250 caracteres y usa páginas de IA. El resultado resalta las partes que parecen escritas por IA y da un nivel:',
        ),
        list(
          'Escrito por una persona y Probablemente humano: la escritura se parece a la de los textos humanos con los que se probó el detector.',
          'Posiblemente IA: tanto textos de personas como textos escritos por IA obtienen resultados así; el detector no puede decidir.',
          'Probablemente IA, Muy probablemente IA y Casi con certeza IA: la escritura se parece cada vez más a un texto escrito por IA.',
        ),
        p(
          'Límites: ningún detector de IA es seguro. Los textos cortos, los de personas que escriben en una segunda lengua, los textos de IA muy editados y la escritura muy formularia son los casos más difíciles. Toma el resultado como un motivo para mirar con más atención y hablar con quien escribió, nunca como una prueba por sí solo. Puedes valorar el resultado con los pulgares y descargarlo en PDF.',
        ),
      ],
    },
    {
      heading: '4. Mis documentos y carpetas',
      blocks: [
        p(
          'Mis documentos enumera cada comprobación con su nombre, autor, páginas, palabras, similitud, puntuación de IA y estado. Abre una fila para ver de nuevo su informe sin coste.',
        ),
        list(
          'Crea carpetas y subcarpetas para ordenar las comprobaciones por curso, clase o tarea, y mueve documentos entre ellas.',
          'Comparte una carpeta con un enlace, o un informe por correo electrónico.',
          'La columna de estado indica en qué punto está una comprobación: en proceso, lista o fallida (con el motivo).',
        ),
      ],
    },
    {
      heading: '5. Organizaciones',
      blocks: [
        p(
          'Una escuela, universidad o empresa trabaja en una organización con un saldo de páginas compartido. El propietario o administrador la gestiona; los miembros comprueban textos con las páginas de la organización.',
        ),
        list(
          'Miembros: añade personas una a una, sube una lista (xls, xlsx o csv con las columnas Name, E-mail, Limit, Role) o envía un enlace de registro para cada rol.',
          'Roles: un Profesor ve todas las comprobaciones de la organización, comenta informes y puede usar la comprobación de autoría si la organización la permite; un Estudiante ve solo sus propias comprobaciones; el Administrador (propietario) gestiona miembros, límites de páginas, estadísticas y el plan.',
          'Límites de páginas: el administrador puede dar un límite a cada miembro, y el saldo de la organización se aplica a todos.',
          'Estadísticas: uso mensual y similitud mediana en un intervalo de fechas, descargables en CSV o XLS, y un panel con los 10 trabajos más recientes.',
          'LMS: indícanos qué sistema de gestión del aprendizaje usas (Canvas, Moodle, Google Classroom, MS Teams y otros) en el formulario Ponte en contacto y nuestro equipo te aconsejará cómo trabajar con él.',
        ),
      ],
    },
    {
      heading: '6. Páginas y precios',
      blocks: [
        p(
          'Las comprobaciones se pagan en páginas: 1 página = 275 palabras. Un texto más largo usa tantas páginas como bloques de 275 palabras empezados tenga. Las comprobaciones de IA usan páginas de IA.',
        ),
        list(
          'Paquetes de páginas: paga solo por lo que usas, sin suscripción ni límites diarios. Los paquetes se compran en la página de Precios.',
          'Planes mensuales: un número de páginas de plagio y de IA cada mes, para particulares, equipos o solo comprobaciones de IA.',
          'Las organizaciones que necesitan más páginas pueden pedir un presupuesto a medida; respondemos en 1 día laborable.',
        ),
      ],
    },
    {
      heading: '7. Ayuda',
      blocks: [
        p(
          'Preguntas sobre una comprobación, tu cuenta o un plan: escríbenos desde la página Contacto. Las instituciones pueden enviar el formulario Ponte en contacto para recibir una oferta.',
        ),
      ],
    },
  ],
  footer: 'Guía rápida de Veritext',
};
