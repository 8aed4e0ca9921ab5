package designer

func (v *validator) run() {}
