// The best hour to send (issue 37: the composer's suggestion), in English;
// spread into ./index.ts. Exactly the keys of `../pt-BR/best-hour.ts`.
const bestHourEn = {
  bestHour: {
    own_clicks: 'Suggested: {when} — when your customers click most',
    own_replies: 'Suggested: {when} — when your customers reply most',
    own_both: 'Suggested: {when} — when your customers click and reply most',
    ownWhy:
      "Counted on each customer's own clock, over {count} delivered campaigns, and always inside your sending rules.",
    general: 'General suggestion: {when}',
    generalWhy:
      "This is general SMS marketing guidance, not your customers'. After {needed} delivered campaigns with links (or replies), the suggestion comes from your own customers' hours. So far: {count}.",
    when: '{days}, {hour}',
    range: '{first} to {last}',
    heatCaption: "Clicks and replies by day and hour, on each customer's own clock",
    heatDay: 'Day',
    dayShort_mon: 'Mon',
    dayShort_tue: 'Tue',
    dayShort_wed: 'Wed',
    dayShort_thu: 'Thu',
    dayShort_fri: 'Fri',
    dayShort_sat: 'Sat',
    dayShort_sun: 'Sun',
    use: 'Use this time',
    day_mon: 'Monday',
    day_tue: 'Tuesday',
    day_wed: 'Wednesday',
    day_thu: 'Thursday',
    day_fri: 'Friday',
    day_sat: 'Saturday',
    day_sun: 'Sunday',
  },
};

export default bestHourEn;
