import Foundation
import ICUKit
print(ICUVersion.icu)
