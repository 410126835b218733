/// The shell completion scripts of `icukit --generate-completion-script bash|zsh|fish`,
/// written from the command tree: subcommand names, each command's options, and the
/// values of its choice options (files for the rest).
enum CompletionScript {
    static let shells = ["zsh", "bash", "fish"]

    /// One command of the tree: its names after `icukit` (empty for the root), its listed
    /// subcommands and its options.
    struct Entry {
        let path: [String]
        let subcommands: [String]
        let options: [OptionSpec]
    }

    /// Every command of the tree, depth first.
    static func entries(_ command: CommandSpec, path: [String] = []) -> [Entry] {
        let children = command.subcommands.filter(\.isListed)
        var entries = [Entry(path: path, subcommands: children.map(\.name), options: command.options())]
        for child in children { entries += Self.entries(child, path: path + [child.name]) }
        return entries
    }

    static func script(for shell: String, root: CommandSpec) -> String {
        let all = entries(root)
        switch shell {
        case "zsh": return zsh(all, tool: root.name)
        case "fish": return fish(all, tool: root.name)
        default: return bash(all, tool: root.name)
        }
    }

    /// The words a command completes to: its subcommands and its long options.
    static func words(_ entry: Entry) -> [String] {
        entry.subcommands + entry.options.filter { $0.kind == .flag || $0.kind == .option }.map { "--\($0.name)" } + ["--help"]
    }

    /// A shell `case` that sets `candidates` (and the values after each choice option) for the
    /// command path in `$command_path` (its names joined by spaces).
    static func caseStatement(_ all: [Entry], indent: String) -> String {
        var text = "\(indent)case \"$command_path\" in\n"
        for entry in all {
            text += "\(indent)    '\(entry.path.joined(separator: " "))')\n"
            text += "\(indent)        candidates='\(words(entry).joined(separator: " "))'\n"
            let choices = entry.options.filter { !$0.allowedValues.isEmpty }
            if !choices.isEmpty {
                text += "\(indent)        case \"$previous\" in\n"
                for option in choices {
                    text += "\(indent)            --\(option.name)) values='\(option.allowedValues.joined(separator: " "))' ;;\n"
                }
                text += "\(indent)        esac\n"
            }
            let valued = entry.options.filter { $0.kind == .option && $0.allowedValues.isEmpty }.map { "--\($0.name)" }
            if !valued.isEmpty {
                text += "\(indent)        case \"$previous\" in \(valued.joined(separator: "|"))) values=' ' ;; esac\n"
            }
            text += "\(indent)        ;;\n"
        }
        return text + "\(indent)esac\n"
    }

    /// The shell lines that find the command path among the words before the cursor.
    static func pathFinder(_ all: [Entry], indent: String) -> String {
        let groups = all.filter { !$0.subcommands.isEmpty }
        var text = "\(indent)for word in \"${before[@]}\"; do\n"
        text += "\(indent)    case \"$command_path:$word\" in\n"
        for entry in groups {
            let prefix = entry.path.joined(separator: " ")
            let alternatives = entry.subcommands.map { "'\(prefix):\($0)'" }.joined(separator: "|")
            text += "\(indent)        \(alternatives)) command_path=\"${command_path:+$command_path }$word\" ;;\n"
        }
        text += "\(indent)    esac\n\(indent)done\n"
        return text
    }

    static func bash(_ all: [Entry], tool: String) -> String {
        """
        #!/bin/bash
        # Completion for \(tool): source this file, or put it in bash-completion's directory.

        _\(tool)() {
            local current="${COMP_WORDS[COMP_CWORD]}" previous="${COMP_WORDS[COMP_CWORD-1]}"
            local before=("${COMP_WORDS[@]:1:COMP_CWORD-1}") command_path='' word candidates='' values=''
        \(pathFinder(all, indent: "    "))\(caseStatement(all, indent: "    "))    if [[ "$values" == ' ' ]]; then
                COMPREPLY=($(compgen -f -- "$current"))
            elif [[ -n "$values" ]]; then
                COMPREPLY=($(compgen -W "$values" -- "$current"))
            elif [[ "$current" == -* || -n "$candidates" && "$candidates" != --* ]]; then
                COMPREPLY=($(compgen -W "$candidates" -- "$current"))
            else
                COMPREPLY=($(compgen -f -- "$current"))
            fi
        }

        complete -o filenames -F _\(tool) \(tool)

        """
    }

    static func zsh(_ all: [Entry], tool: String) -> String {
        """
        #compdef \(tool)
        # Completion for \(tool): put this file on $fpath as _\(tool).

        _\(tool)() {
            local current="${words[CURRENT]}" previous="${words[CURRENT-1]}"
            local -a before
            before=("${(@)words[2,CURRENT-1]}")
            local command_path='' word candidates='' values=''
        \(pathFinder(all, indent: "    "))\(caseStatement(all, indent: "    "))    if [[ "$values" == ' ' ]]; then
                _files
            elif [[ -n "$values" ]]; then
                compadd -- ${=values}
            elif [[ "$current" == -* || -n "$candidates" && "$candidates" != --* ]]; then
                compadd -- ${=candidates}
            else
                _files
            fi
        }

        _\(tool) "$@"

        """
    }

    static func fish(_ all: [Entry], tool: String) -> String {
        var text = """
            # Completion for \(tool): put this file in ~/.config/fish/completions/.

            # The command path of the words before the cursor (subcommand names only).
            function __\(tool)_path
                set -l path
                set -l words (commandline -opc)
                set -e words[1]
                for word in $words
                    set -l candidate (string join -- ' ' $path $word)
                    if contains -- $candidate $__\(tool)_commands
                        set path $path $word
                    end
                end
                string join -- ' ' $path
            end

            function __\(tool)_at
                set -l path (__\(tool)_path)
                test "$path" = "$argv[1]"
            end

            set -g __\(tool)_commands \(all.dropFirst().map { "'\($0.path.joined(separator: " "))'" }.joined(separator: " "))
            complete -c \(tool) -f

            """
        for entry in all {
            let condition = "-n \"__\(tool)_at '\(entry.path.joined(separator: " "))'\""
            for name in entry.subcommands {
                text += "complete -c \(tool) \(condition) -a '\(name)'\n"
            }
            for option in entry.options {
                switch option.kind {
                case .flag:
                    text += "complete -c \(tool) \(condition) -l \(option.name)\n"
                case .option where !option.allowedValues.isEmpty:
                    text += "complete -c \(tool) \(condition) -l \(option.name) -x -a '\(option.allowedValues.joined(separator: " "))'\n"
                case .option:
                    text += "complete -c \(tool) \(condition) -l \(option.name) -r -F\n"
                case .positional, .variadic:
                    text += "complete -c \(tool) \(condition) -F\n"
                }
            }
            text += "complete -c \(tool) \(condition) -s h -l help\n"
        }
        return text
    }
}
