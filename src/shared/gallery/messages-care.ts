/**
 * The gallery's messages for businesses that look after people and pets:
 * salão e barbearia, pet shop, ótica, farmácia, clínica e consultório.
 * Each must fit one SMS with a 20-character business name and the stop line
 * (test/shared/gallery holds every one to it).
 */
import { writtenFor, type WrittenMessage } from './gallery-message';

const salao = writtenFor('salao-e-barbearia');
const pet = writtenFor('pet-shop');
const otica = writtenFor('otica');
const farmacia = writtenFor('farmacia');
const clinica = writtenFor('clinica-e-consultorio');

export const CARE_MESSAGES: readonly WrittenMessage[] = [
  salao(
    'lembrete-de-horario',
    '09:00',
    'horario-amanha',
    'Oi {{primeiro_nome|}}! Lembrete: seu horário no salão é amanhã. Precisa remarcar? É só responder.',
    'Hi {{first_name|}}! A reminder: your appointment at the salon is tomorrow. Need to change it? Just reply.',
  ),
  salao(
    'cliente-sumido',
    '10:00',
    'sumidos-60d',
    'Oi {{primeiro_nome|}}, que saudade! Temos horários livres esta semana. Responda e a gente agenda seu corte.',
    'Hi {{first_name|}}, we miss you! We have free slots this week. Reply and we will book your haircut.',
  ),
  salao(
    'aniversario',
    '09:00',
    'aniversariantes',
    'Feliz aniversário, {{primeiro_nome|}}! Neste mês seu corte ou escova sai com 15% de desconto. Venha comemorar!',
    'Happy birthday, {{first_name|}}! This month your haircut or blow-dry is 15% off. Come and celebrate!',
  ),
  pet(
    'cliente-sumido',
    '10:00',
    'sumidos-60d',
    'Oi {{primeiro_nome|}}! Faz tempo que seu pet não vem tomar banho. Vamos agendar esta semana? É só responder.',
    'Hi {{first_name|}}! It has been a while since your pet had a bath here. Book one this week? Just reply.',
  ),
  pet(
    'boas-vindas',
    '10:00',
    'novos',
    'Oi {{primeiro_nome|}}, que bom ter você e seu pet com a gente! Banho, tosa ou ração, é só chamar por aqui.',
    'Hi {{first_name|}}, great to have you and your pet with us! Bath, grooming or food, just text us here.',
  ),
  pet(
    'pos-venda',
    '11:00',
    'compraram-7d',
    'Oi {{primeiro_nome|}}! Seu pet gostou do banho? Conte pra gente respondendo esta mensagem. Obrigado!',
    'Hi {{first_name|}}! Did your pet enjoy the bath? Tell us by replying to this message. Thank you!',
  ),
  otica(
    'pos-venda',
    '10:00',
    'compraram-7d',
    'Oi {{primeiro_nome|}}! Tudo certo com os óculos novos? Se precisar de ajuste, passe aqui: é sem custo.',
    'Hi {{first_name|}}! All well with your new glasses? If they need adjusting, drop by: it is free.',
  ),
  otica(
    'reativacao',
    '10:00',
    'inativos-180d',
    'Oi {{primeiro_nome|}}! Faz tempo desde seus últimos óculos. Venha medir a vista e ver as armações novas.',
    'Hi {{first_name|}}! It has been a while since your last glasses. Come for an eye test and see our new frames.',
  ),
  farmacia(
    'promocao',
    '09:00',
    'todos',
    'Oi {{primeiro_nome|}}! Esta semana tem desconto em vitaminas e protetor solar. Passe aqui ou responda para pedir.',
    'Hi {{first_name|}}! This week vitamins and sunscreen are on sale. Drop by or order by replying here.',
  ),
  farmacia(
    'cliente-sumido',
    '10:00',
    'sumidos-60d',
    'Oi {{primeiro_nome|}}, sentimos sua falta! Remédios e perfumaria com entrega em casa. Responda para pedir.',
    'Hi {{first_name|}}, we miss you! Medicines and toiletries delivered to your door. Reply to place an order.',
  ),
  clinica(
    'lembrete-de-horario',
    '09:00',
    'horario-amanha',
    'Oi {{primeiro_nome|}}! Lembrete: sua consulta é amanhã. Responda SIM para confirmar ou avise se precisar remarcar.',
    'Hi {{first_name|}}! A reminder: your appointment is tomorrow. Reply YES to confirm, or tell us to move it.',
  ),
  clinica(
    'reativacao',
    '10:00',
    'inativos-180d',
    'Oi {{primeiro_nome|}}! Já faz um tempo desde sua última consulta. Que tal marcar o retorno? É só responder.',
    'Hi {{first_name|}}! It has been a while since your last visit. Shall we book a check-up? Just reply.',
  ),
];
