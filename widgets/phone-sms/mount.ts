export function mount(): void {}
