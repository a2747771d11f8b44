// The best hour to send (issue 37: the composer's suggestion), in Portuguese (Brazil);
// spread into ./index.ts. `../en/best-hour.ts` must have exactly these keys.
const bestHourPtBR = {
  bestHour: {
    own_clicks: 'Sugerido: {when} — quando seus clientes mais clicam',
    own_replies: 'Sugerido: {when} — quando seus clientes mais respondem',
    own_both: 'Sugerido: {when} — quando seus clientes mais clicam e respondem',
    ownWhy:
      'Contado no relógio de cada cliente, em {count} campanhas entregues, e sempre dentro das suas regras de envio.',
    general: 'Sugestão geral: {when}',
    generalWhy:
      'É uma orientação geral de mercado para SMS, não dos seus clientes. Depois de {needed} campanhas entregues com links (ou com respostas), a sugestão passa a vir dos horários dos seus clientes. Até agora: {count}.',
    when: '{days}, {hour}',
    range: '{first} a {last}',
    heatCaption: 'Cliques e respostas por dia e hora, no relógio de cada cliente',
    heatDay: 'Dia',
    dayShort_mon: 'seg',
    dayShort_tue: 'ter',
    dayShort_wed: 'qua',
    dayShort_thu: 'qui',
    dayShort_fri: 'sex',
    dayShort_sat: 'sáb',
    dayShort_sun: 'dom',
    use: 'Usar este horário',
    day_mon: 'segunda',
    day_tue: 'terça',
    day_wed: 'quarta',
    day_thu: 'quinta',
    day_fri: 'sexta',
    day_sat: 'sábado',
    day_sun: 'domingo',
  },
};

export default bestHourPtBR;
