import { describe, it, expect } from 'vitest';
import { identifyLanguage } from './language.ts';

const ENGLISH: Record<string, string> = {
  wikipedia: `The Danube is the second-longest river in Europe, after the Volga in Russia. It flows through much of
Central and Eastern Europe, from the Black Forest in Germany into the Black Sea. A large and historically important
river, it was once a frontier of the Roman Empire, and today it flows through or forms part of the borders of ten
countries, more than any other river in the world.`,
  legal: `Pursuant to Section 4(b) of the Agreement, the Licensee shall indemnify and hold harmless the Licensor, its
officers, directors and employees from and against any and all claims, damages, liabilities, costs and expenses
(including reasonable attorneys' fees) arising out of or relating to any breach of the representations and
warranties set forth herein, provided that the Licensor gives prompt written notice of such claim.`,
  learnerEssay: `In my opinion the tecnology is very usefull for the students becouse they can find informations more
faster than before. But also there is some problems, for exemple many student copy the homeworks from internet and
they dont learn nothing. So i think teachers must to control more the use of computers in the class and explain how
to use it good, other way the students will not be prepare for the univercity.`,
  academicWithNumbers: `Table 3 reports the results: accuracy 0.912 (±0.004), F1 0.887 and AUC 0.951 for n = 12,480
samples, while the baseline reached 0.861, 0.842 and 0.903 respectively (p < 0.001). All runs used lr = 3e-4,
batch 256, 40 epochs and seed 17; see Appendix B for the remaining hyper-parameters and the 95% confidence
intervals of every metric reported in Tables 2-5.`,
  html: `<div class="article"><h2>Geography</h2><p>The <b>Amazon River</b> in South America is the largest river by
discharge volume of water in the world.</p><p>It flows through <a href="https://en.wikipedia.org/wiki/Brazil">
Brazil</a>, Peru and Colombia, and its drainage basin covers about 7,000,000&nbsp;km<sup>2</sup>, which is
roughly <em>forty percent</em> of the continent.</p></div>`,
  informal: `honestly i wasnt expecting much from that place but the food was amazing, we got there around 8 and it
was packed so we had to wait like 40 mins for a table. the staff were super nice tho and gave us free drinks while
we waited. def going back next week with my parents, they would love the pasta and the little garden at the back`,
};

const SPANISH: Record<string, string> = {
  wikipedia: `El río Ebro nace en Fontibre, en Cantabria, y desemboca en el mar Mediterráneo formando un amplio delta
en la provincia de Tarragona. Con una longitud de 930 kilómetros, es el río más caudaloso de España y su cuenca
abarca territorios de nueve comunidades autónomas, entre ellas Aragón, Navarra, La Rioja y Cataluña.`,
  legal: `De conformidad con lo dispuesto en el artículo 14 de la Ley 39/2015, de 1 de octubre, del Procedimiento
Administrativo Común de las Administraciones Públicas, los interesados podrán presentar sus solicitudes en el
registro electrónico de la Administración u Organismo al que se dirijan, así como en los restantes registros
electrónicos de cualquiera de los sujetos a los que se refiere el artículo 2.1.`,
  learnerEssayWithoutAccents: `Yo pienso que la tecnologia es muy importante para los jovenes pero tambien tiene
muchos problemas, por ejemplo los estudiantes pasan mucho tiempo en el celular y no estudian. Ademas muchas veces
copian las tareas de internet y no aprenden nada. Por eso creo que los profesores deberian explicar como usar bien
la tecnologia en la clase y no solo prohibirla.`,
  informalWithoutAccents: `Oye tio, ayer fuimos al concierto y fue una pasada, de verdad. La banda toco casi tres
horas y la gente no paraba de saltar. Luego nos fuimos a cenar unas tapas por el centro y volvimos a casa a las
cuatro de la mañana. La proxima vez tienes que venir con nosotros, que te lo pierdes todo, hombre.`,
  html: `<div><h2>Historia</h2><p>La ciudad fue fundada en <b>1542</b> por los conquistadores españoles y durante la
época colonial se convirtió en un importante centro comercial.</p><p>Tras la independencia, fue capital de la
provincia hasta 1884. Más información en <a href="https://es.wikipedia.org/wiki/Ciudad">Wikipedia</a>.</p></div>`,
  numbers: `Cuadro 2. Producción anual (toneladas): 2018: 12.450; 2019: 13.102; 2020: 11.876; 2021: 14.230; 2022:
15.004. La variación interanual media fue del 4,8 % y el coste unitario bajó de 2,31 a 2,05 euros por kilo entre
2018 y 2022, según los datos del Ministerio de Agricultura publicados en el informe del año siguiente.`,
};

const OTHER: [code: string, text: string][] = [
  [
    'fr',
    `La ville de Lyon est située au confluent du Rhône et de la Saône, dans le centre-est de la France. Ancienne
capitale des Gaules à l'époque romaine, elle est aujourd'hui la troisième ville du pays par sa population. Son
centre historique est inscrit au patrimoine mondial de l'UNESCO depuis 1998, et la ville est réputée pour sa
gastronomie.`,
  ],
  [
    'de',
    `Berlin ist die Hauptstadt und ein Land der Bundesrepublik Deutschland. Mit rund 3,8 Millionen Einwohnern ist
sie die bevölkerungsreichste Stadt Deutschlands und der Europäischen Union. Die Stadt ist ein bedeutendes Zentrum
der Politik, Kultur, Medien und Wissenschaft, und sie zieht jedes Jahr Millionen von Touristen aus aller Welt an.`,
  ],
  [
    'pt',
    `Ontem fui ao cinema com a minha irmã e vimos um filme brasileiro muito engraçado. A história é sobre uma
família que ganha na loteria e não sabe o que fazer com tanto dinheiro. Eu ri do começo ao fim, mas a minha irmã
achou que o final foi um pouco forçado. Mesmo assim, acho que vale a pena ver, principalmente se você gosta de
comédia.`,
  ],
  [
    'pt',
    `Artigo 5.º O contrato de trabalho a termo certo só pode ser celebrado para a satisfação de necessidades
temporárias da empresa e pelo período estritamente necessário à satisfação dessas necessidades. Considera-se sem
termo o contrato de trabalho no qual a estipulação do termo tenha por fim iludir as disposições que regulam o
contrato sem termo.`,
  ],
  [
    'it',
    `Firenze è il capoluogo della Toscana e una delle città d'arte più importanti del mondo. Culla del
Rinascimento, conserva capolavori come la cupola del Brunelleschi, la Galleria degli Uffizi e il David di
Michelangelo. Il suo centro storico è stato dichiarato patrimonio dell'umanità dall'UNESCO nel 1982 e ogni anno
accoglie milioni di visitatori.`,
  ],
  [
    'ca',
    `Barcelona és la capital de Catalunya i la segona ciutat més poblada de l'Estat espanyol, amb més d'un milió
i mig d'habitants. Situada a la costa mediterrània, entre els rius Llobregat i Besòs, és coneguda per
l'arquitectura modernista d'Antoni Gaudí, com la Sagrada Família i el Park Güell, que cada any reben milions de
visitants.`,
  ],
  [
    'ca',
    `Segons les dades publicades avui per l'Institut d'Estadística de Catalunya, l'atur ha baixat un 3,2% durant
el darrer trimestre, sobretot en el sector dels serveis. Els sindicats, però, alerten que bona part dels nous
contractes són temporals i que els salaris encara no han recuperat el poder adquisitiu perdut durant els últims
anys.`,
  ],
  [
    'gl',
    `Onte fun ao cine coa miña irmá e vimos unha película arxentina moi divertida. A historia trata dunha familia
que gaña a lotaría e non sabe que facer con tantos cartos. Eu rin do comezo ata o final, pero a miña irmá pensou
que o remate estaba un pouco forzado. Aínda así, creo que paga a pena vela se che gustan as comedias.`,
  ],
  [
    'nl',
    `Amsterdam is de hoofdstad van Nederland en telt ruim negenhonderdduizend inwoners. De stad staat bekend om
haar grachten uit de zeventiende eeuw, die sinds 2010 op de Werelderfgoedlijst van UNESCO staan. Jaarlijks
bezoeken miljoenen toeristen de musea, zoals het Rijksmuseum en het Van Gogh Museum, en maken ze een rondvaart.`,
  ],
  [
    'ru',
    `Москва — столица России и крупнейший по численности населения город страны. Она расположена на реке Москве
в центре Восточно-Европейской равнины. Город является важнейшим политическим, экономическим и культурным центром
России, а его исторический центр с Кремлём и Красной площадью входит в список объектов всемирного наследия.`,
  ],
  [
    'zh',
    `北京是中华人民共和国的首都，也是全国的政治、文化和国际交往中心。这座城市有三千多年的建城史和八百多年的建都史，拥有故宫、长城、天坛等众多世界文化遗产。近年来，北京大力发展科技创新产业，吸引了大量年轻人前来工作和生活。每年都有数以百万计的游客来到这里参观游览，感受古老与现代交融的独特魅力。北京的交通网络非常发达，地铁线路四通八达，为市民出行提供了极大的便利。
此外，北京还是全国重要的教育中心，拥有北京大学、清华大学等一百多所高等院校，每年培养大量优秀人才。城市的餐饮文化同样丰富多彩，北京烤鸭、炸酱面和各种传统小吃深受国内外游客的喜爱。`,
  ],
  [
    'ar',
    `القاهرة هي عاصمة جمهورية مصر العربية وأكبر مدنها من حيث عدد السكان، وتقع على ضفاف نهر النيل في شمال البلاد.
تعد المدينة مركزا سياسيا واقتصاديا وثقافيا مهما في العالم العربي وأفريقيا، وتضم العديد من المعالم التاريخية مثل
الأهرامات وأبو الهول والجامع الأزهر الذي يعد من أقدم الجامعات في العالم.`,
  ],
];

describe('identifyLanguage', () => {
  it.each(Object.entries(ENGLISH))('accepts English: %s', (_, text) => {
    expect(text.length).toBeGreaterThanOrEqual(250);
    expect(identifyLanguage(text)).toEqual({ lang: 'en', code: 'en' });
  });

  it.each(Object.entries(SPANISH))('accepts Spanish: %s', (_, text) => {
    expect(text.length).toBeGreaterThanOrEqual(250);
    expect(identifyLanguage(text)).toEqual({ lang: 'es', code: 'es' });
  });

  it.each(OTHER)('rejects %s and names it', (code, text) => {
    expect(text.length).toBeGreaterThanOrEqual(250);
    expect(identifyLanguage(text)).toEqual({ lang: null, code });
  });

  it('goes by the majority of a text that mixes English and Spanish', () => {
    const english = Object.values(ENGLISH).slice(0, 4).join('\n\n');
    const spanish = Object.values(SPANISH).slice(0, 2).join('\n\n');
    expect(identifyLanguage(`${english}\n\n${spanish}`).lang).toBe('en');
    expect(identifyLanguage(`${spanish}\n\n${english}`).lang).toBe('en');
    const moreSpanish = Object.values(SPANISH).join('\n\n');
    const lessEnglish = ENGLISH.wikipedia ?? '';
    expect(identifyLanguage(`${lessEnglish}\n\n${moreSpanish}`).lang).toBe('es');
    expect(identifyLanguage(`${moreSpanish}\n\n${lessEnglish}`).lang).toBe('es');
  });

  it('samples the whole of a long text, not only its beginning', () => {
    const spanish = Object.values(SPANISH).join('\n\n');
    const english = Object.values(ENGLISH).join('\n\n');
    const long = `${english}\n\n${spanish.repeat(6)}`;
    expect(long.length).toBeGreaterThan(10_000);
    expect(identifyLanguage(long).lang).toBe('es');
  });

  it('rejects text with no language in it', () => {
    expect(identifyLanguage('')).toEqual({ lang: null, code: 'und' });
    expect(identifyLanguage('12345 67.890, 3.14 -- 2024-01-01 ++ 99%')).toEqual({ lang: null, code: 'und' });
    expect(identifyLanguage('<p><br/></p> https://example.com/a/b?c=d')).toEqual({ lang: null, code: 'und' });
  });
});
