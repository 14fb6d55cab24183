// The lorry drawn once, a StrokeIcon path: the navigation's Runs and the board's Plan deliveries
// show the same vehicle.
export const LORRY_ICON = 'M2 5h10v9H2zM12 8h3l3 3v3h-6M5 17a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3M15 17a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3';
